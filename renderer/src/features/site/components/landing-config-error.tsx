// Placeholder: being built (storefront issue).
export function LandingConfigError() {
  return <section className="banner"><h1>Loading…</h1></section>;
}
