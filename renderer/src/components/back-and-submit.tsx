import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { common } from '../lib/messages';

/**
 * The row that ends a small form: Back (or the words `back` gives) beside its primary submit, which is disabled while
 * the form is being sent.
 */
export function BackAndSubmit({ onBack, submit, busy = false, back }: { onBack: () => void; submit: ReactNode; busy?: boolean; back?: ReactNode }) {
  const t = useT();
  return (
    <div className="buttons">
      <button type="button" onClick={onBack}>
        {back ?? t(common.back)}
      </button>
      <button type="submit" className="primary" disabled={busy}>
        {submit}
      </button>
    </div>
  );
}
