import { Modal } from '../../../components/modal';
import { SummaryRows, type SummaryRow } from '../../../components/summary-rows';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

export interface ViewDetailsDialogProps {
  /** The step's title and its answers, as the review's card has them. */
  title: string;
  rows: SummaryRow[];
  onClose: () => void;
}

/**
 * The review's View Details: every answer of a step in full, as a person's summary (each question with its answer,
 * each dependent with theirs), and nothing to press but OK: the step is changed with its card's Edit.
 */
export function ViewDetailsDialog({ title, rows, onClose }: ViewDetailsDialogProps) {
  const t = useT();
  return (
    <Modal title={title} open onClose={onClose} className="view-details-dialog">
      {rows.length > 0 ? <SummaryRows rows={rows} full /> : <p className="muted">{t(m.nothingAsked)}</p>}
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          {t(m.ok)}
        </button>
      </div>
    </Modal>
  );
}
