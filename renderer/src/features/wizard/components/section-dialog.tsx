import { Modal } from '../../../components/modal';
import type { Schema } from '../../../lib/api';

/** View Details of a review card: the section's answers as label and value. */
export function SectionDialog({ section, onClose }: { section: Schema<'Section'> | null; onClose: () => void }) {
  return (
    <Modal title={section?.title ?? ''} open={section !== null}>
      <dl>
        {section?.rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </Modal>
  );
}
