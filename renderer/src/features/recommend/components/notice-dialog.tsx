import { Modal } from '../../../components/modal';
import { useT } from '../../../lib/i18n';
import type { RecommendCard } from '../api/get-recommended-cards';
import { m } from './notice-dialog.messages';
import { m as recommendedPanelWords } from './recommended-panel.messages';

/** The server's words for a plan the visitor cannot take now (blackout, already active), with OK. */
export function NoticeDialog({ card, onClose }: { card: RecommendCard | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={card?.plan_name ?? t(recommendedPanelWords.title)} open={card?.notice != null} onClose={onClose}>
      <p>{card?.notice?.message}</p>
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          {t(m.ok)}
        </button>
      </div>
    </Modal>
  );
}
