/** What an entry page shows while the server opens the site. */
export function EntryStatus() {
  return (
    <section className="entry-status" role="status">
      <span className="spinner" aria-hidden="true" />
      Opening the store…
    </section>
  );
}
