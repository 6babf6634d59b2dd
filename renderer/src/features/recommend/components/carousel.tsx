import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { RecommendCard } from '../api/get-recommended-cards';
import type { RecommendPage } from '../api/get-recommended-plan-ids';
import { useViewportWidth } from '../hooks/use-viewport-width';
import { m } from './carousel.messages';
import { CAROUSEL_MAX, carouselLayout } from '../utils/carousel';
import { RecommendCardItem } from './recommend-card';

/** The arrows' marks (hidden from readers, who hear each arrow's name). */
const PREVIOUS = '‹';
const NEXT = '›';

/**
 * Up to five cards, as many at once as the window's width allows on `page`, with Previous and Next when there are
 * more than four and they do not all fit; without arrows every card shows, in rows.
 */
export function Carousel({ page, cards, onNotice }: { page: RecommendPage; cards: RecommendCard[]; onNotice: (card: RecommendCard) => void }) {
  const width = useViewportWidth();
  const [start, setStart] = useState(0);
  const t = useT();
  const layout = carouselLayout(page, width, cards.length, start);
  const shown = cards.slice(layout.from, layout.to);
  const total = Math.min(cards.length, CAROUSEL_MAX);
  return (
    <div className={layout.arrows ? 'carousel has-arrows' : 'carousel'} role="group" aria-roledescription="carousel" aria-label={t(m.carousel)}>
      {layout.arrows && (
        <button
          type="button"
          className="carousel-arrow carousel-previous"
          aria-label={t(m.previous)}
          disabled={!layout.canPrevious}
          onClick={() => setStart(layout.start - 1)}
        >
          <span aria-hidden="true">{PREVIOUS}</span>
        </button>
      )}
      <ul className="carousel-track" style={{ gridTemplateColumns: `repeat(${layout.perView}, minmax(0, 1fr))` }}>
        {shown.map((card) => (
          <RecommendCardItem key={card.plan_id} card={card} onNotice={onNotice} />
        ))}
      </ul>
      {layout.arrows && (
        <button
          type="button"
          className="carousel-arrow carousel-next"
          aria-label={t(m.next)}
          disabled={!layout.canNext}
          onClick={() => setStart(layout.start + 1)}
        >
          <span aria-hidden="true">{NEXT}</span>
        </button>
      )}
      {layout.arrows && (
        <p className="visually-hidden" aria-live="polite">
          {t(m.showing, { from: layout.from + 1, to: layout.to, total })}
        </p>
      )}
    </div>
  );
}
