import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Message, useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import type { RecommendCard } from '../api/get-recommended-cards';
import { useRecommendations } from '../hooks/use-recommendations';
import { m } from '../messages';
import { m as recommendedPanelWords } from './recommended-panel.messages';
import { NoticeDialog } from './notice-dialog';
import { RecommendCardItem } from './recommend-card';
import '../recommend.css';

/** /RecommendList?page=: every recommended card (for the cart's plans with `page=cart`), or 'No Any Products'. */
export function RecommendListPage() {
  const [params] = useSearchParams();
  const page = params.get('page') === 'cart' ? 'cart' : 'home';
  const cards = useRecommendations(page);
  const [notice, setNotice] = useState<RecommendCard | null>(null);
  const t = useT();
  return (
    <>
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={page === 'cart' ? m.trailFromCart : m.trail}
          values={{
            home: (chunks) => <Link to="/">{chunks}</Link>,
            cart: (chunks) => <Link to="/cart">{chunks}</Link>,
            here: (chunks) => <span aria-current="page">{chunks}</span>,
          }}
        />
      </nav>
      <h1>{t(recommendedPanelWords.title)}</h1>
      {cards === null ? (
        <p role="status">{t(common.loading)}</p>
      ) : cards.length === 0 ? (
        <p className="recommend-empty">{t(m.none)}</p>
      ) : (
        <ul className="cards recommend-grid">
          {cards.map((card) => (
            <RecommendCardItem key={card.plan_id} card={card} onNotice={setNotice} />
          ))}
        </ul>
      )}
      <NoticeDialog card={notice} onClose={() => setNotice(null)} />
    </>
  );
}
