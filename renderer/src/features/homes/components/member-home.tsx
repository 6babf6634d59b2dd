// Placeholder: being built (storefront issue).
export function MemberHome() {
  return <section className="banner"><h1>Loading…</h1></section>;
}
