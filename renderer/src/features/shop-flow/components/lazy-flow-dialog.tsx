// The shop's popups and offers, loaded when one first opens: their state machine library is not needed to list plans.
import { lazy, Suspense } from 'react';
import type { FlowDialogProps } from './flow-dialog';

const Loaded = lazy(() => import('./flow-dialog').then((m) => ({ default: m.FlowDialog })));

export function FlowDialog(props: FlowDialogProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
