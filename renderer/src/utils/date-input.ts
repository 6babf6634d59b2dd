// Kept apart from the form widgets so that pages without a server form (the landing's quick quote) do not load
// the form library to format a date.

/** Formats typed digits as MM/DD/YYYY: slashes inserted, month clamped to 01-12 and day to 01-31. */
export function formatDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  let month = digits.slice(0, 2);
  let day = digits.slice(2, 4);
  const year = digits.slice(4, 8);
  if (month.length === 2) month = String(Math.min(Math.max(Number(month), 1), 12)).padStart(2, '0');
  if (day.length === 2) day = String(Math.min(Math.max(Number(day), 1), 31)).padStart(2, '0');
  if (digits.length <= 2) return month;
  if (digits.length <= 4) return `${month}/${day}`;
  return `${month}/${day}/${year}`;
}

