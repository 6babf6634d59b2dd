import type { ReactNode } from 'react';
import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import { m } from '../messages';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * How the applicant pays: the method, and the first and recurring payments (with when, if the receipt says). `of`
 * names the applicant when the rep who enrolled them reads it.
 */
export function ReceiptPayment({ payment, of }: { payment: Schema<'Payment'>; of?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="payment-heading">
      <h2 id="payment-heading">{of ? t(m.repPaymentsHeading, { name: of }) : t(m.paymentsHeading)}</h2>
      <p>{payment.method}</p>
      <ul className="receipt-payments">
        {payment.first_amount != null && (
          <li>
            <Message of={payment.first_when ? m.firstPaymentWhen : m.firstPayment} values={{ amount: money(payment.first_amount), when: payment.first_when, strong }} />
          </li>
        )}
        {payment.recurring_amount != null && (
          <li>
            <Message
              of={payment.recurring_when ? m.recurringPaymentWhen : m.recurringPayment}
              values={{ amount: money(payment.recurring_amount), when: payment.recurring_when, strong }}
            />
          </li>
        )}
      </ul>
    </section>
  );
}
