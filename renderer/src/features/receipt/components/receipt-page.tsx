import { useQuery } from '@tanstack/react-query';
import { SummaryRows } from '../../../components/summary-rows';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { pageBannerImage, thankYouImage } from '../../../lib/site-settings';
import { tempId } from '../../../lib/storage';
import { money, phone, telHref } from '../../../utils/format';
import { receiptQuery } from '../api/get-receipt';
import { CancelApplication } from './cancel-application';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';

/** The tick beside the thanks (hidden from readers). */
const TICK = '✓';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * The receipt: who applied, the confirmation number, the plans with who each covers and its carrier, the payments,
 * what happens next and who to call, and the whole application as sent; printable.
 */
export function ReceiptPage() {
  const { refresh } = useCartCount();
  const { site } = useSite();
  const branding = site?.branding;
  const [banner, thanks] = [pageBannerImage(site ?? null), thankYouImage(site ?? null)];
  const t = useT();
  // The enrollment this browser was on: once its receipt is read, the browser forgets it (a new quote starts afresh).
  const [id] = useState(() => tempId.get());
  const read = useQuery({ ...receiptQuery(id ?? ''), enabled: Boolean(id) });
  const receipt = read.data;
  useEffect(() => {
    if (!receipt) return;
    tempId.clear();
    refresh();
  }, [receipt, refresh]);

  if (!id) return <p role="alert">{t(m.noEnrollment)}</p>;
  if (read.isError) return <Failed query={read} />;
  if (!receipt) return <Pending />;
  const lines = receipt.plans;
  const { helper } = receipt;
  return (
    <section className="receipt" aria-labelledby="receipt-heading">
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
          <h1 id="receipt-heading">{t(m.thanks, { name: receipt.name })}</h1>
          <p className="lead">{t(receipt.cancellation ? m.submittedThenCancelled : m.submitted)}</p>
        </div>
      </div>
      <div className="receipt-facts">
        {/* The document lets both be missing; a sentence about a number or date there is not is left out. */}
        {receipt.policy_id && (
          <p>
            <Message of={m.confirmationNumber} values={{ number: String(receipt.policy_id), strong }} />
          </p>
        )}
        {receipt.effective_date && (
          <p>
            <Message of={m.effective} values={{ date: receipt.effective_date, strong }} />
          </p>
        )}
      </div>
      {lines.length > 0 && (
        <>
          <h2>{t(m.plansHeading)}</h2>
          <table className="table receipt-plans">
            <thead>
              <tr>
                <th scope="col">{t(m.plan)}</th>
                <th scope="col">{t(m.coverage)}</th>
                <th scope="col" className="numeric">
                  {t(m.monthlyPrice)}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={`${l.plan_name}-${l.option_name}`}>
                  <td>
                    {l.plan_name}
                    {l.covered.length > 0 && <small className="receipt-covered">{t(m.covers, { names: l.covered.join(', ') })}</small>}
                    {l.carrier_name && (
                      <small className="receipt-carrier">
                        {l.carrier_phone ? (
                          <Message
                            of={m.carrierPhone}
                            values={{ carrier: l.carrier_name, phone: phone(l.carrier_phone), tel: (chunks) => <a href={telHref(l.carrier_phone)}>{chunks}</a> }}
                          />
                        ) : (
                          l.carrier_name
                        )}
                      </small>
                    )}
                  </td>
                  <td>
                    {l.coverage || l.option_name}
                    {l.coverage && <small className="receipt-level">{l.option_name}</small>}
                  </td>
                  <td className="numeric">{money(l.price)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t(m.firstMonthTotal)}
                </th>
                <td className="numeric">{money(receipt.initial_month_cost ?? 0)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  {t(m.recurringMonthlyCost)}
                </th>
                <td className="numeric">{money(receipt.recurring_month_cost ?? 0)}</td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
      {receipt.payment && (
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading">{t(m.paymentsHeading)}</h2>
          <p>{receipt.payment.method}</p>
          <ul className="receipt-payments">
            {receipt.payment.first_amount != null && (
              <li>
                <Message
                  of={receipt.payment.first_when ? m.firstPaymentWhen : m.firstPayment}
                  values={{ amount: money(receipt.payment.first_amount), when: receipt.payment.first_when, strong }}
                />
              </li>
            )}
            {receipt.payment.recurring_amount != null && (
              <li>
                <Message
                  of={receipt.payment.recurring_when ? m.recurringPaymentWhen : m.recurringPayment}
                  values={{ amount: money(receipt.payment.recurring_amount), when: receipt.payment.recurring_when, strong }}
                />
              </li>
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">{t(m.nextHeading)}</h2>
        <ol className="receipt-next">
          {receipt.next_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <CancelApplication enrollmentId={id} receipt={receipt} />
      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading">{t(m.questionsHeading)}</h2>
        {helper ? (
          <p>
            <Message
              of={m.callHelper}
              values={{
                name: helper.name,
                phone: phone(helper.phone),
                email: helper.email,
                tel: (chunks) => <a href={telHref(helper.phone)}>{chunks}</a>,
                mail: (chunks) => <a href={`mailto:${helper.email}`}>{chunks}</a>,
              }}
            />
          </p>
        ) : (
          branding?.display_phone && (
            <p>
              <Message
                of={branding.display_email ? m.callOrWriteUs : m.callUs}
                values={{
                  phone: phone(branding.display_phone),
                  email: branding.display_email,
                  tel: (chunks) => <a href={telHref(branding.display_phone)}>{chunks}</a>,
                  mail: (chunks) => <a href={`mailto:${branding.display_email}`}>{chunks}</a>,
                }}
              />
            </p>
          )
        )}
        <p>{t(m.callCarrier)}</p>
      </section>
      {receipt.application.length > 0 && (
        <section aria-labelledby="application-heading" className="receipt-application">
          <h2 id="application-heading">{t(m.applicationHeading)}</h2>
          {receipt.application
            .filter((s) => s.rows.length > 0)
            .map((s) => (
              <section key={s.step} aria-labelledby={`application-${s.step}`}>
                <h3 id={`application-${s.step}`}>{s.title}</h3>
                <SummaryRows rows={s.rows} full />
              </section>
            ))}
        </section>
      )}
      <div className="buttons no-print">
        <button type="button" className="primary" onClick={() => window.print()}>
          {t(m.print)}
        </button>
        <Link to={receipt.return_to || '/'} className="button">
          {t(m.home)}
        </Link>
      </div>
    </section>
  );
}
