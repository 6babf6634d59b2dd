/** The whole page while the site is not known yet: whose store it is decides everything drawn. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}
