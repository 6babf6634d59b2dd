import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { StepContext } from '../../../lib/step-machine';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

/** The review step's answer to a save that failed for a reason the person cannot fix (not a 422): save it for later. */
export function ReviewFailureDialog({ onSaveForLater }: { onSaveForLater: () => void }) {
  const t = useT();
  const onReview = StepContext.useSelector((s) => s.context.step?.step === 'review_info');
  const errors = StepContext.useSelector((s) => s.context.errors);
  // The refusal the person has answered: the dialog opens again only for a new one.
  const [seen, setSeen] = useState<unknown>(null);
  return (
    <Modal title={t(m.reviewTitle)} open={onReview && errors !== null && errors.statusCode !== 422 && seen !== errors}>
      <p role="alert">{t(m.somethingWentWrong)}</p>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          onClick={() => {
            setSeen(errors);
            onSaveForLater();
          }}
        >
          {t(m.saveAndContinueLater)}
        </button>
        <button type="button" onClick={() => setSeen(errors)}>
          {t(common.close)}
        </button>
      </div>
    </Modal>
  );
}
