import { useState } from 'react';
import { Modal } from '../../../components/modal';
import type { Branding } from '../../../lib/site';

/** 'About {display name}': the rep's biography or the group's description, a paragraph per blank line. */
export function AboutButton({ branding }: { branding: Branding }) {
  const [open, setOpen] = useState(false);
  const paragraphs = branding.about
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      <button type="button" className="header-link" onClick={() => setOpen(true)}>
        About {branding.display_name}
      </button>
      <Modal title={branding.display_about_name || `About ${branding.display_name}`} open={open} onClose={() => setOpen(false)} className="about-dialog">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </Modal>
    </>
  );
}
