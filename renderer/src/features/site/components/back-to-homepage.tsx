import { useState } from 'react';
import { useLeaveSite } from '../../../lib/leave-site';

/** Back to Homepage: leaves whoever's site this was and everything this browser kept, for the store's own front page. */
export function BackToHomepage() {
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
      Back to Homepage
    </button>
  );
}
