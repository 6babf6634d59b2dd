import { useT } from '../../../lib/i18n';
import { m } from './entry-status.messages';

/** What an entry page shows while the server opens the site. */
export function EntryStatus() {
  const t = useT();
  return (
    <section className="entry-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {t(m.opening)}
    </section>
  );
}
