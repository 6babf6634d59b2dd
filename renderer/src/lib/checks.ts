// The typed rules of a field's `x-checks`, as the engine defines them (engine/src/checks.rs), for the checks the
// browser makes early: a beneficiary's share before the list is sent, a date before another, at least one flag. The
// type is the API document's (`form-checks`); the words come from the field's `x-messages`, where the server puts every
// check's words in the reader's language (`engine::checks::word_all`); the English here is for a schema without them. Both run
// one table of cases (engine/tests/checks.cases.json), so they cannot disagree. The server checks everything again.
import type { Schema } from './api';

export type Check = Schema<'Check'>;

/** What a field's schema carries for its checks. */
export interface Checked {
  'x-checks'?: unknown;
  'x-messages'?: Record<string, string>;
}

/** Checks the browser never evaluates: the server measures the signature's image. */
export const SERVER_ONLY: Check['check'][] = ['ink'];

/** A field's checks; an unknown one is left to the server (which refuses it). */
export function checksOf(prop: Checked | undefined): Check[] {
  const checks = prop?.['x-checks'];
  return Array.isArray(checks) ? (checks.filter((c) => c && typeof c === 'object' && 'check' in c) as Check[]) : [];
}

const INVALID_DATE = 'Please enter a valid date (MM/DD/YYYY)';
const DATE_NOT_FUTURE = 'Date cannot be today or a future date';
const DATE_AFTER_TODAY = 'Date cannot be a future date';
const INVALID_SSN = 'Invalid Social Security Number';
const INVALID_ROUTING = 'Invalid routing number';

/** `MM/DD/YYYY`, exactly ten characters, a real calendar date: [year, month, day]. */
export function parseMdy(text: string): [number, number, number] | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return [year, month, day];
}

type Ymd = [number, number, number];

const before = (a: Ymd, b: Ymd) => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];

/** Age in completed years on `on`. */
export function ageOn(birth: Ymd, on: Ymd): number {
  let age = on[0] - birth[0];
  if (on[1] < birth[1] || (on[1] === birth[1] && on[2] < birth[2])) age -= 1;
  return age;
}

function validSsn(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const [area, group, serial] = [text.slice(0, 3), text.slice(3, 5), text.slice(5)];
  return area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000';
}

function abaOk(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

function luhnOk(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  const sum = [...number]
    .reverse()
    .map(Number)
    .reduce((total, d, i) => total + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}

function brandKnown(number: string): boolean {
  const n = number.length;
  const prefix = (len: number) => Number(number.slice(0, len)) || 0;
  if (number.startsWith('4') && [13, 16, 19].includes(n)) return true;
  if (((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) && n === 16) return true;
  if ([34, 37].includes(prefix(2)) && n === 15) return true;
  return (number.startsWith('6011') || prefix(2) === 65 || (prefix(3) >= 644 && prefix(3) <= 649)) && n >= 16 && n <= 19;
}

const masked = (text: string) => /^\*{4}\d{4}$/.test(text);

/** What `check` says of `value` (its object's other properties are `siblings`) in the words of `prop`; null when it
 * holds, or when the check is the server's alone. `today` is [year, month, day]. */
export function problem(check: Check, prop: Checked, value: unknown, siblings: Record<string, unknown>, today: Ymd): string | null {
  const text = typeof value === 'string' ? value : '';
  const worded = (key: string, fallback: string) => prop['x-messages']?.[key] ?? fallback;
  switch (check.check) {
    case 'date':
      return parseMdy(text) ? null : worded('date', INVALID_DATE);
    case 'not_future': {
      const d = parseMdy(text);
      return d && !before(d, today) ? worded('not_future', DATE_NOT_FUTURE) : null;
    }
    case 'not_after_today': {
      const d = parseMdy(text);
      return d && before(today, d) ? worded('not_after_today', DATE_AFTER_TODAY) : null;
    }
    case 'adult': {
      const d = parseMdy(text);
      return d && ageOn(d, today) < check.min_age ? worded('adult', `You must be ${check.min_age} years to proceed`) : null;
    }
    case 'ssn':
      return validSsn(text) ? null : worded('ssn', INVALID_SSN);
    case 'at_least_one': {
      const any = value !== null && typeof value === 'object' && Object.values(value).some((f) => f === true);
      return any ? null : worded('at_least_one', 'Select at least one');
    }
    case 'total': {
      if (!Array.isArray(value)) return null;
      const total = value.reduce((sum: number, item) => {
        const share = item && typeof item === 'object' ? (item as Record<string, unknown>)[check.field] : undefined;
        return sum + (typeof share === 'number' && Number.isInteger(share) ? share : 0);
      }, 0);
      if (total === 100) return null;
      return worded(total > 100 ? 'total_over' : 'total_under', 'The total must be 100').replace('{total}', String(total));
    }
    case 'routing':
      return abaOk(text) ? null : worded('routing', INVALID_ROUTING);
    case 'card':
      if (masked(text)) return null;
      if (!luhnOk(text)) return worded('card_number', 'Please enter a valid card number');
      return brandKnown(text) ? null : worded('card_brand', 'We accept Visa, Mastercard, American Express and Discover cards');
    case 'not_expired': {
      const month = siblings[check.month_field];
      if (typeof month !== 'string' || !/^\d+$/.test(month) || !/^\d+$/.test(text)) return null;
      const [y, m] = [Number(text), Number(month)];
      return y < today[0] || (y === today[0] && m < today[1]) ? worded('not_expired', 'The card has expired') : null;
    }
    case 'after': {
      const earlier = typeof siblings[check.field] === 'string' ? parseMdy(siblings[check.field] as string) : null;
      const d = parseMdy(text);
      return earlier && d && before(d, earlier) ? worded('after', 'Term date cannot be before the effective date') : null;
    }
    case 'dependent_age': {
      const d = parseMdy(text);
      if (!d) return null;
      const age = ageOn(d, today);
      const relationship = siblings.relationship;
      if (relationship === 'spouse' && age < check.spouse_min) return worded('spouse_too_young', `A spouse must be ${check.spouse_min} or older`);
      if (relationship === 'spouse' && age > check.spouse_max) return worded('spouse_too_old', `The plans in your cart cover a spouse up to age ${check.spouse_max}`);
      if (relationship === 'child' && age >= check.child_limit && siblings.disabled !== true) {
        return worded('child_too_old', `A child is covered until age ${check.child_limit}; an older child is covered only if disabled`);
      }
      return null;
    }
    case 'ink':
      return null;
  }
}

/** Today as [year, month, day], in the browser's own calendar. */
export function todayYmd(now: Date = new Date()): Ymd {
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()];
}
