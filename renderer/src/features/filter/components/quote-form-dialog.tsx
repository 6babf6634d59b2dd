// The quote form in a dialog: the server's filter step (zip, gender, tier, date of birth, the category when a premier
// plan is involved, the dependents the tier covers), drawn by the dialog frame with the step machine. With an
// enrollment it changes the quote's filter (change-filter-info); without one (a visitor window shopping) it creates the
// quote (add-filter-for-new-user). Its title, words and buttons are the step's.
import { useState } from 'react';
import { StepDialog } from '../../../components/step-dialog';
import { useCartCount } from '../../../lib/cart-count';
import { leadZip } from '../../../lib/lead-zip';
import { useChangeQuote } from '../../../lib/quote';
import type { Outcome, StepSource } from '../../../lib/step-machine';
import { chosenGroup, tempId } from '../../../lib/storage';
import { addFilterForNewUser } from '../api/add-filter-for-new-user';
import { getFilterForm } from '../../../lib/filter-form';

/** The dialog; `planId` (a premier plan) or `category` (the medical category) asks for the category too. */
export function QuoteFormDialog({ open, ...props }: QuoteFormDialogProps) {
  // A dialog is a flow of its own: each opening starts afresh.
  return open ? <QuoteFlow {...props} /> : null;
}

export interface QuoteFormDialogProps {
  /** The quote to change; none to create one. */
  enrollmentId?: string;
  planId?: string;
  category?: string;
  open: boolean;
  onClose: () => void;
  /** Told the quote's id once it is saved (or created and kept as this browser's tempId). */
  onSaved: (enrollmentId: string) => void;
}

/** The spec drops empty values from update payloads. */
const given = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''));

function QuoteFlow({ enrollmentId, planId, category, onClose, onSaved }: Omit<QuoteFormDialogProps, 'open'>) {
  const cart = useCartCount();
  const changeQuote = useChangeQuote();
  // The quote's id once saved: what the caller is told when the flow is over.
  const [saved] = useState(() => new WeakMap<Outcome, string>());
  const [source] = useState<StepSource>(() => ({
    load: async () => {
      const step = await getFilterForm({ enrollment_id: enrollmentId, plan_id: planId, category, variant: 'dialog' });
      // A new quote starts from the ZIP code the visitor's position gave (the location banner), if any.
      const zip = leadZip.get();
      const data = (step.formData ?? {}) as Record<string, unknown>;
      return { step: !enrollmentId && zip && !data.zip ? { ...step, formData: { ...data, zip } } : step };
    },
    answer: async (_step, _action, formData) => {
      const body = given(formData);
      let id: string;
      if (enrollmentId) {
        await changeQuote.mutateAsync({ enrollmentId, body: { ...body, plan_id: planId } });
        id = enrollmentId;
      } else {
        // Who enrolls is the server's to know from the session; a rep says which group.
        const created = await addFilterForNewUser({ ...body, group_id: chosenGroup.get() });
        tempId.set(created.temp_enrollment_id);
        cart.refresh();
        id = String(created.temp_enrollment_id);
      }
      const outcome: Outcome = { step: null };
      saved.set(outcome, id);
      return outcome;
    },
  }));
  return (
    <StepDialog
      source={source}
      onFinish={(outcome) => {
        const id = outcome && saved.get(outcome);
        if (id) onSaved(id);
        else onClose();
      }}
    />
  );
}
