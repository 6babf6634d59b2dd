import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import { pageItems } from './pages';

/** A run of pages left out (hidden from readers, who hear each page's name). */
const GAP = '…';

/** Previous, the abbreviated page numbers (the current one marked), Next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t(m.pages)} className="pager">
      <ul>
        <li>
          <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t(m.previous)}
          </button>
        </li>
        {pageItems(page, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="pager-gap" aria-hidden="true">
              {GAP}
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pager-page"
                aria-label={t(m.page, { page: String(item) })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t(m.next)}
          </button>
        </li>
      </ul>
    </nav>
  );
}
