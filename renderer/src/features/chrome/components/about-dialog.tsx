import { useState } from 'react';
import { Modal } from '../../../components/modal';
import type { Branding } from '../../../lib/site';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

/** 'About {display name}': the rep's biography or the group's description, a paragraph per blank line. */
export function AboutButton({ branding }: { branding: Branding }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const paragraphs = branding.about
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      <button type="button" className="header-link" onClick={() => setOpen(true)}>
        {t(m.about, { name: branding.display_name })}
      </button>
      <Modal title={branding.display_about_name || t(m.about, { name: branding.display_name })} open={open} onClose={() => setOpen(false)} className="about-dialog">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setOpen(false)}>
            {t(common.close)}
          </button>
        </div>
      </Modal>
    </>
  );
}
