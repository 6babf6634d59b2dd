/**
 * An amount as a person reads it: `$2,064.68`, `-$5.00`. Grouped by hand rather than by Intl.NumberFormat, whose first
 * use loads the locale's data (tens of milliseconds on a phone) and the header draws an amount on every page.
 */
export function money(value: number | null | undefined): string {
  const amount = value ?? 0;
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** A ten-digit phone number as people read it, (404) 555-0191; anything else as it is. */
export function phone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const local = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  return local.length === 10 ? `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}` : digits;
}

/** A phone number for a tel: link (+1 and ten digits when it has ten). */
export function telHref(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return `tel:${d.length === 10 ? `+1${d}` : d}`;
}
