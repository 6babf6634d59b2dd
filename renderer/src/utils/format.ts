export function money(value: number | null | undefined): string {
  return `$${(value ?? 0).toFixed(2)}`;
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
