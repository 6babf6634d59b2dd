import type { ReactNode } from 'react';
import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';

/** The tick beside the thanks (hidden from readers). */
const TICK = '✓';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export interface ReceiptHeadProps {
  receipt: Schema<'Receipt'>;
  /** The site's own pictures (its settings), if it has them. */
  banner: string | null | undefined;
  thanks: string | null | undefined;
}

/** The receipt's top: the site's banner, the thanks (by name) and the confirmation number and effective date. */
export function ReceiptHead({ receipt, banner, thanks }: ReceiptHeadProps) {
  const t = useT();
  // The rep who enrolled the applicant reads of them by name; the applicant is thanked and spoken to.
  const rep = receipt.reader === 'rep';
  return (
    <>
      {/* The site's own pictures (its settings): the banner over the page, its thank-you beside the thanks. */}
      {banner && <img className="receipt-banner" src={banner} alt="" />}
      <div className="receipt-head">
        {thanks ? (
          <img className="receipt-thanks" src={thanks} alt="" width={72} height={72} />
        ) : (
          <span className="receipt-tick" aria-hidden="true">
            {TICK}
          </span>
        )}
        <div>
          <h1 id="receipt-heading">{t(rep ? m.repHeading : m.thanks, { name: receipt.name })}</h1>
          <p className="lead">{t(receipt.cancellation ? (rep ? m.repSubmittedThenCancelled : m.submittedThenCancelled) : rep ? m.repSubmitted : m.submitted)}</p>
        </div>
      </div>
      <div className="receipt-facts">
        {/* The document lets both be missing; a sentence about a number or date there is not is left out. */}
        {receipt.policy_id && (
          <p>
            <Message of={rep ? m.repConfirmationNumber : m.confirmationNumber} values={{ number: String(receipt.policy_id), strong }} />
          </p>
        )}
        {receipt.effective_date && (
          <p>
            <Message of={rep ? m.repEffective : m.effective} values={{ date: receipt.effective_date, name: receipt.name, strong }} />
          </p>
        )}
      </div>
    </>
  );
}
