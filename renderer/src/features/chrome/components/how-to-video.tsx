import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { Message, useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

/** 'How to enroll': the store's video in a window, 350 pixels high as the spec has it. */
export function HowToVideo({ src }: { src: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!src) return null;
  return (
    <>
      <button type="button" className="footer-link" onClick={() => setOpen(true)}>
        {t(m.howToEnroll)}
      </button>
      <Modal title={t(m.howToEnroll)} open={open} onClose={() => setOpen(false)} className="video-dialog">
        <iframe src={src} title={t(m.howToEnrollVideo)} height={350} width="100%" allowFullScreen />
        <p className="video-elsewhere">
          <Message
            of={m.notPlaying}
            values={{
              link: (chunks) => (
                <a href={src} target="_blank" rel="noreferrer">
                  {chunks}
                </a>
              ),
            }}
          />
        </p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setOpen(false)}>
            {t(common.close)}
          </button>
        </div>
      </Modal>
    </>
  );
}
