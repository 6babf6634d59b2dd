import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { money } from '../../../utils/format';
import { receiptQuery } from '../api/get-receipt';

/** The receipt: who applied, the confirmation number, the plans with their prices, the effective date; printable. */
export function ReceiptPage() {
  const { refresh } = useCartCount();
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
          <p className="lead">Your application has been submitted.</p>
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
                  <td>{l.plan_name}</td>
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
      {/* The spec's "sent to the member and the client", in words for the person who applied. */}
      <p>
        We will e-mail you a receipt titled Enrollment Receipt within 10 minutes. If a rep or your employer helped you
        enroll, they receive a copy.
      </p>
      <div className="buttons no-print">
        <button type="button" className="primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
        <Link to={receipt.return_to || '/'} className="button">
          Return to homepage
        </Link>
      </div>
    </section>
  );
}
