import { Modal } from '../../../components/modal';
import type { RecommendCard } from '../api/get-recommended-cards';

/** The server's words for a plan the visitor cannot take now (blackout, already active), with OK. */
export function NoticeDialog({ card, onClose }: { card: RecommendCard | null; onClose: () => void }) {
  return (
    <Modal title={card?.plan_name ?? 'Recommended Products'} open={card?.notice != null} onClose={onClose}>
      <p>{card?.notice?.message}</p>
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
