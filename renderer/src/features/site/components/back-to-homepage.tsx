import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useLeaveSite } from '../../../lib/leave-site';
import { m } from '../messages';

/** Back to Homepage: leaves whoever's site this was and everything this browser kept, for the store's own front page. */
export function BackToHomepage() {
  const t = useT();
  const leave = useLeaveSite();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="primary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void leave();
      }}
    >
      {t(m.backToHomepage)}
    </button>
  );
}
