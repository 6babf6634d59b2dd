import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../../components/modal';
import { Failed, Pending } from '../../../components/query-state';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

export interface ViewDetailsDialogProps {
  enrollmentId: string;
  /** The step to look at (its name) and its title. */
  step: string;
  title: string;
  onClose: () => void;
}

/**
 * The review's View Details: a step's form as it was saved, read-only, in a dialog. Looking moves nothing: the
 * application stays at the review (the server's `view` look).
 */
export function ViewDetailsDialog({ enrollmentId, step, title, onClose }: ViewDetailsDialogProps) {
  const read = useQuery({
    queryKey: [...enrollmentKey(enrollmentId), 'view-step', step],
    queryFn: () => api.get('/enrollment/{id}/step/{step}', { path: { id: enrollmentId, step }, query: { view: 'true' } }),
    staleTime: 0,
  });
  const t = useT();
  const shown = read.data && 'step' in read.data ? read.data.step : null;
  return (
    <Modal title={title} open onClose={onClose} className="view-details-dialog">
      {read.isError ? (
        <Failed query={read} />
      ) : !shown ? (
        <Pending />
      ) : (
        <SchemaForm
          id={`view-${step}`}
          schema={shown.schema}
          uiSchema={shown.uiSchema}
          formData={(shown.formData ?? {}) as Record<string, unknown>}
          disabled
          onSubmit={() => undefined}
        >
          <span />
        </SchemaForm>
      )}
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          {t(m.ok)}
        </button>
      </div>
    </Modal>
  );
}
