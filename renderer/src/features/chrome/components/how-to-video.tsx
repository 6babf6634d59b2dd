import { useState } from 'react';
import { Modal } from '../../../components/modal';

/** 'How to enroll': the store's video in a window, 350 pixels high as the spec has it. */
export function HowToVideo({ src }: { src: string }) {
  const [open, setOpen] = useState(false);
  if (!src) return null;
  return (
    <>
      <button type="button" className="footer-link" onClick={() => setOpen(true)}>
        How to enroll
      </button>
      <Modal title="How to enroll" open={open} onClose={() => setOpen(false)} className="video-dialog">
        <iframe src={src} title="How to enroll video" height={350} width="100%" allowFullScreen />
        <p className="video-elsewhere">
          Not playing?{' '}
          <a href={src} target="_blank" rel="noreferrer">
            Open the video in a new tab
          </a>
        </p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </Modal>
    </>
  );
}
