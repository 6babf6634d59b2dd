// Placeholder: being built (storefront issue).
export function GroupHome() {
  return <section className="banner"><h1>Loading…</h1></section>;
}
