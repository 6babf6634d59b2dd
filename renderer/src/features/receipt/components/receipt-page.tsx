import { useQuery } from '@tanstack/react-query';
import { SummaryRows } from '../../../components/summary-rows';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { money, phone, telHref } from '../../../utils/format';
import { receiptQuery } from '../api/get-receipt';
import { CancelApplication } from './cancel-application';

/**
 * The receipt: who applied, the confirmation number, the plans with who each covers and its carrier, the payments,
 * what happens next and who to call, and the whole application as sent; printable.
 */
export function ReceiptPage() {
  const { refresh } = useCartCount();
  const branding = useSite().site?.branding;
  // The enrollment this browser was on: once its receipt is read, the browser forgets it (a new quote starts afresh).
  const [id] = useState(() => tempId.get());
  const read = useQuery({ ...receiptQuery(id ?? ''), enabled: Boolean(id) });
  const receipt = read.data;
  useEffect(() => {
    if (!receipt) return;
    tempId.clear();
    refresh();
  }, [receipt, refresh]);

  if (!id) return <p role="alert">There is no enrollment to show.</p>;
  if (read.isError) return <Failed query={read} />;
  if (!receipt) return <Pending />;
  const lines = receipt.plans;
  return (
    <section className="receipt" aria-labelledby="receipt-heading">
      <div className="receipt-head">
        <span className="receipt-tick" aria-hidden="true">
          ✓
        </span>
        <div>
          <h1 id="receipt-heading">Thank you, {receipt.name}!</h1>
          <p className="lead">{receipt.cancellation ? 'Your application was submitted, then cancelled.' : 'Your application has been submitted.'}</p>
        </div>
      </div>
      <div className="receipt-facts">
        {/* The document lets both be missing; a sentence about a number or date there is not is left out. */}
        {receipt.policy_id && (
          <p>
            Your confirmation number is <strong>{receipt.policy_id}</strong>
          </p>
        )}
        {receipt.effective_date && (
          <p>
            Your coverage is effective as of <strong>{receipt.effective_date}</strong>.
          </p>
        )}
      </div>
      {lines.length > 0 && (
        <>
          <h2>Your plans</h2>
          <table className="table receipt-plans">
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Option</th>
                <th scope="col" className="numeric">
                  Monthly price
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={`${l.plan_name}-${l.option_name}`}>
                  <td>
                    {l.plan_name}
                    {l.covered.length > 0 && <small className="receipt-covered">Covers {l.covered.join(', ')}</small>}
                    {l.carrier_name && (
                      <small className="receipt-carrier">
                        {l.carrier_name}
                        {l.carrier_phone && (
                          <>
                            {' · '}
                            <a href={telHref(l.carrier_phone)}>{phone(l.carrier_phone)}</a>
                          </>
                        )}
                      </small>
                    )}
                  </td>
                  <td>{l.option_name}</td>
                  <td className="numeric">{money(l.price)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  First month total
                </th>
                <td className="numeric">{money(receipt.initial_month_cost ?? 0)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  Recurring monthly cost
                </th>
                <td className="numeric">{money(receipt.recurring_month_cost ?? 0)}</td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
      {receipt.payment && (
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading">Your payments</h2>
          <p>{receipt.payment.method}</p>
          <ul className="receipt-payments">
            {receipt.payment.first_amount != null && (
              <li>
                First payment: <strong>{money(receipt.payment.first_amount)}</strong>
                {receipt.payment.first_when ? `, taken ${receipt.payment.first_when}` : ''}
              </li>
            )}
            {receipt.payment.recurring_amount != null && (
              <li>
                Then <strong>{money(receipt.payment.recurring_amount)}</strong> a month
                {receipt.payment.recurring_when ? `, ${receipt.payment.recurring_when}` : ''}
              </li>
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">What happens next</h2>
        <ol className="receipt-next">
          {receipt.next_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <CancelApplication enrollmentId={id} receipt={receipt} />
      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading">Questions?</h2>
        {receipt.helper ? (
          <p>
            Call {receipt.helper.name}, who helped with your application, at{' '}
            <a href={telHref(receipt.helper.phone)}>{phone(receipt.helper.phone)}</a>, or write to{' '}
            <a href={`mailto:${receipt.helper.email}`}>{receipt.helper.email}</a>.
          </p>
        ) : (
          branding?.display_phone && (
            <p>
              Call us at <a href={telHref(branding.display_phone)}>{phone(branding.display_phone)}</a>
              {branding.display_email && (
                <>
                  , or write to <a href={`mailto:${branding.display_email}`}>{branding.display_email}</a>
                </>
              )}
              .
            </p>
          )
        )}
        <p>For a plan&apos;s coverage or a claim, call its carrier at the number beside the plan.</p>
      </section>
      {receipt.application.length > 0 && (
        <section aria-labelledby="application-heading" className="receipt-application">
          <h2 id="application-heading">Your application</h2>
          {receipt.application
            .filter((s) => s.rows.length > 0)
            .map((s) => (
              <section key={s.step} aria-labelledby={`application-${s.step}`}>
                <h3 id={`application-${s.step}`}>{s.title}</h3>
                <SummaryRows rows={s.rows} />
              </section>
            ))}
        </section>
      )}
      <div className="buttons no-print">
        <button type="button" className="primary" onClick={() => window.print()}>
          Print your application or save it as PDF
        </button>
        <Link to={receipt.return_to || '/'} className="button">
          Return to homepage
        </Link>
      </div>
    </section>
  );
}
