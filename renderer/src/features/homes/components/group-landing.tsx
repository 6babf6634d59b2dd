// Placeholder: being built (storefront issue).
export function GroupLanding() {
  return <section className="banner"><h1>Loading…</h1></section>;
}
