import { money } from '../utils/format';
import { useT } from '../lib/i18n';
import { m } from './per-paycheck.messages';

/** What a price takes from each paycheck, for an employee of a group that says how often it pays. */
export interface Paycheck {
  amount: number;
  label: string;
}

/** "$170.46 per paycheck (every two weeks)", beside a monthly price; nothing when there is no paycheck to show. */
export function PerPaycheck({ paycheck }: { paycheck?: Paycheck | null }) {
  const t = useT();
  if (!paycheck) return null;
  return <span className="per-paycheck">{t(m.perPaycheck, { amount: money(paycheck.amount), label: paycheck.label })}</span>;
}
