import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { RecommendCard } from '../api/get-recommended-cards';
import { useRecommendations } from '../hooks/use-recommendations';
import { NoticeDialog } from './notice-dialog';
import { RecommendCardItem } from './recommend-card';
import '../recommend.css';

/** /RecommendList?page=: every recommended card (for the cart's plans with `page=cart`), or 'No Any Products'. */
export function RecommendListPage() {
  const [params] = useSearchParams();
  const page = params.get('page') === 'cart' ? 'cart' : 'home';
  const cards = useRecommendations(page);
  const [notice, setNotice] = useState<RecommendCard | null>(null);
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> ›{' '}
        {page === 'cart' && (
          <>
            <Link to="/cart">Cart</Link> ›{' '}
          </>
        )}
        <span aria-current="page">Recommended Products</span>
      </nav>
      <h1>Recommended Products</h1>
      {cards === null ? (
        <p role="status">Loading…</p>
      ) : cards.length === 0 ? (
        <p className="recommend-empty">No Any Products</p>
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
