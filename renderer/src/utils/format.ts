export function money(value: number | null | undefined): string {
  return `$${(value ?? 0).toFixed(2)}`;
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
