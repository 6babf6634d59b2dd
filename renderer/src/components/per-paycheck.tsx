import { money } from '../utils/format';
import { useT } from '../lib/i18n';
import { m } from './per-paycheck.messages';

/** What a price takes from each paycheck, for an employee of a group that says how often it pays. */
export interface Paycheck {
  amount: number;
  label: string;
  /** What the employer pays a month toward the price, when it pays anything: `amount` is then what is left. */
  employer_pays?: number | null;
  /** What the employee pays a month after it. */
  you_pay?: number | null;
}

/**
 * "$170.46 per paycheck (every two weeks)" beside a monthly price; with the employer's share, "Your employer pays
 * $17.88 a month: you pay $17.87, $8.25 per paycheck (every two weeks)". Nothing when there is no paycheck to show.
 */
export function PerPaycheck({ paycheck }: { paycheck?: Paycheck | null }) {
  const t = useT();
  if (!paycheck) return null;
  const amount = money(paycheck.amount);
  if (paycheck.employer_pays != null && paycheck.you_pay != null) {
    return (
      <span className="per-paycheck">
        {t(m.netPerPaycheck, { employer: money(paycheck.employer_pays), net: money(paycheck.you_pay), amount, label: paycheck.label })}
      </span>
    );
  }
  return <span className="per-paycheck">{t(m.perPaycheck, { amount, label: paycheck.label })}</span>;
}
