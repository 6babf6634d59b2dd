// The dialog frame, loaded when a popup or an offer first opens: the state machine library is not needed to list plans.
import { lazy, Suspense } from 'react';
import type { StepDialogProps } from '../../../components/step-dialog';

const Loaded = lazy(() => import('../../../components/step-dialog').then((m) => ({ default: m.StepDialog })));

export function StepDialog(props: StepDialogProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
