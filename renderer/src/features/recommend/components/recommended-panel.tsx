import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Message, useT } from '../../../lib/i18n';
import type { RecommendCard } from '../api/get-recommended-cards';
import type { RecommendPage } from '../api/get-recommended-plan-ids';
import { useRecommendations } from '../hooks/use-recommendations';
import { m } from './recommended-panel.messages';
import { CAROUSEL_MAX } from '../utils/carousel';
import { Carousel } from './carousel';
import { NoticeDialog } from './notice-dialog';
import { RecommendCardItem } from './recommend-card';
import '../recommend.css';

/**
 * Recommended Products: a panel that opens and closes, with up to five cards in a carousel and View All, which on the
 * cart shows every card in place and elsewhere opens the list page. Nothing shows when there is nothing to recommend;
 * a plan's own page leaves the plan out (`exclude`).
 */
export function RecommendedPanel({ page, exclude }: { page: RecommendPage; exclude?: number }) {
  const cards = useRecommendations(page)?.filter((card) => card.plan_id !== exclude);
  const [open, setOpen] = useState(true);
  const [all, setAll] = useState(false);
  const [notice, setNotice] = useState<RecommendCard | null>(null);
  const headingId = useId();
  const bodyId = useId();
  const t = useT();
  if (!cards || cards.length === 0) return null;
  return (
    <section className="recommended" aria-labelledby={headingId}>
      <div className="recommended-head">
        <h2 id={headingId}>
          <button type="button" className="recommended-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
            {t(m.title)}
            <span className="recommended-chevron" aria-hidden="true" />
          </button>
        </h2>
        {open &&
          (page === 'cart' ? (
            <button type="button" className="text-button" aria-expanded={all} aria-controls={bodyId} onClick={() => setAll((a) => !a)}>
              {all ? t(m.viewLess) : t(m.viewAll)}
            </button>
          ) : (
            <Link to="/RecommendList?page=home" className="text-button">
              <Message of={m.viewAllRecommended} values={{ hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
            </Link>
          ))}
      </div>
      <div id={bodyId} className="recommended-body" hidden={!open}>
        {all ? (
          <ul className="cards recommend-grid">
            {cards.map((card) => (
              <RecommendCardItem key={card.plan_id} card={card} onNotice={setNotice} />
            ))}
          </ul>
        ) : (
          <Carousel page={page} cards={cards.slice(0, CAROUSEL_MAX)} onNotice={setNotice} />
        )}
      </div>
      <NoticeDialog card={notice} onClose={() => setNotice(null)} />
    </section>
  );
}
