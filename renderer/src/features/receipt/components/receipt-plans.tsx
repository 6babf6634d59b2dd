import { PerPaycheck } from '../../../components/per-paycheck';
import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { money, phone, telHref } from '../../../utils/format';
import { m } from '../messages';

/**
 * The plans applied for, each with who it covers, its carrier (and the carrier's phone) and price (for an employee, also
 * per paycheck net of the employer's share); then the totals.
 */
export function ReceiptPlans({ receipt }: { receipt: Schema<'Receipt'> }) {
  const t = useT();
  const lines = receipt.plans;
  return (
    <>
      <h2>{receipt.reader === 'rep' ? t(m.repPlansHeading, { name: receipt.name }) : t(m.plansHeading)}</h2>
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
              <td className="numeric">
                {money(l.price)}
                <PerPaycheck paycheck={l.per_paycheck} />
              </td>
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
            <td className="numeric">
              {money(receipt.recurring_month_cost ?? 0)}
              <PerPaycheck paycheck={receipt.per_paycheck} />
            </td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}
