import { Link } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { useSite } from '../../../lib/site';
import { pageBannerImage, thankYouImage } from '../../../lib/site-settings';
import { useReceipt } from '../hooks/use-receipt';
import { CancelApplication } from './cancel-application';
import { PolicyPlans } from './policy-plans';
import { ReceiptApplication } from './receipt-application';
import { ReceiptHead } from './receipt-head';
import { ReceiptPayment } from './receipt-payment';
import { ReceiptPlans } from './receipt-plans';
import { ReceiptQuestions } from './receipt-questions';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/**
 * The receipt: who applied, the confirmation number, the plans with who each covers and its carrier, the payments,
 * what happens next and who to call, and the whole application as sent; printable.
 */
export function ReceiptPage() {
  const { site } = useSite();
  const [banner, thanks] = [pageBannerImage(site ?? null), thankYouImage(site ?? null)];
  const t = useT();
  const { id, read, receipt } = useReceipt();

  if (!id) return <p role="alert">{t(m.noEnrollment)}</p>;
  if (read.isError) return <Failed query={read} />;
  if (!receipt) return <Pending />;
  // The rep who enrolled the applicant reads of them by name, goes on to the next member, and calls no one.
  const of = receipt.reader === 'rep' ? receipt.name : undefined;
  return (
    <section className="receipt" aria-labelledby="receipt-heading">
      <ReceiptHead receipt={receipt} banner={banner} thanks={thanks} />
      {receipt.plans.length > 0 && <ReceiptPlans receipt={receipt} />}
      {receipt.payment && <ReceiptPayment payment={receipt.payment} of={of} />}
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">{t(m.nextHeading)}</h2>
        <ol className="receipt-next">
          {receipt.next_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <PolicyPlans enrollmentId={id} receipt={receipt} />
      <CancelApplication enrollmentId={id} receipt={receipt} />
      {!of && <ReceiptQuestions helper={receipt.helper} branding={site?.branding} />}
      {receipt.application.length > 0 && <ReceiptApplication sections={receipt.application} of={of} />}
      <div className="buttons no-print">
        <button type="button" className="primary" onClick={() => window.print()}>
          {t(of ? m.repPrint : m.print)}
        </button>
        {of ? (
          <>
            <Link to={receipt.return_to || '/agent-home'} className="button">
              {t(m.enrollAnother)}
            </Link>
            <Link to="/agent-select-member" className="button">
              {t(m.backToMembers)}
            </Link>
          </>
        ) : (
          <Link to={receipt.return_to || '/'} className="button">
            {t(m.home)}
          </Link>
        )}
      </div>
    </section>
  );
}
