// The quote form: the search filter (zip, gender, tier, date of birth, the category when a premier plan is involved,
// the dependents the tier covers) in a dialog, drawn from the server's schema. With an enrollment it changes the quote's
// filter (change-filter-info); without one (a visitor window shopping) it creates the quote (add-filter-for-new-user).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '../../../components/modal';
import { drawnForm } from '../../../components/drawn-form';
import { Failed, Pending } from '../../../components/query-state';
import { ServerSchemaForm } from '../../../components/server-schema-form';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { useChangeQuote } from '../../../lib/quote';
import { leadZip } from '../../../lib/lead-zip';
import { chosenGroup, tempId } from '../../../lib/storage';
import { addFilterForNewUser } from '../api/add-filter-for-new-user';
import { filterFormQuery } from '../api/get-filter-form';

/** The edit dialog; `planId` (a premier plan) or `category` (the medical category) asks for the category too. */
export function QuoteFormDialog({ enrollmentId, planId, category, open, onClose, onSaved }: {
  /** The quote to change; none to create one. */
  enrollmentId?: string;
  planId?: string;
  category?: string;
  open: boolean;
  onClose: () => void;
  /** Told the quote's id once it is saved (or created and kept as this browser's tempId). */
  onSaved: (enrollmentId: string) => void;
}) {
  const cart = useCartCount();
  const changeQuote = useChangeQuote();
  const formRead = useQuery({ ...filterFormQuery({ enrollment_id: enrollmentId, plan_id: planId, category }), enabled: open });
  const form = useMemo(() => {
    const drawn = formRead.data ? drawnForm(formRead.data) : null;
    // A new quote starts from the ZIP code the visitor's position gave (the location banner), if any.
    const zip = leadZip.get();
    if (drawn && !enrollmentId && zip && !drawn.formData.zip) drawn.formData = { ...drawn.formData, zip };
    return drawn;
  }, [formRead.data, enrollmentId]);
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const creating = !enrollmentId;

  // Each opening starts without the last opening's messages.
  useEffect(() => {
    if (open) setErrors(null);
  }, [open]);

  const save = async (data: Record<string, unknown>) => {
    setBusy(true);
    setErrors(null);
    try {
      // The spec drops empty values from update payloads.
      const body = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      if (enrollmentId) {
        await changeQuote.mutateAsync({ enrollmentId, body: { ...body, plan_id: planId } });
        onSaved(enrollmentId);
      } else {
        // Who enrolls is the server's to know from the session; a rep says which group.
        const created = await addFilterForNewUser({ ...body, group_id: chosenGroup.get() });
        tempId.set(created.temp_enrollment_id);
        cart.refresh();
        onSaved(String(created.temp_enrollment_id));
      }
    } catch (e) {
      if (e instanceof ApiError) setErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={creating ? 'Get your price' : 'Edit your information'} open={open} onClose={onClose}>
      {creating && <p>Your ZIP code, age and who you cover decide your price. It takes a few seconds, and nothing is bought.</p>}
      {form ? (
        <ServerSchemaForm id="quote-form" schema={form.schema} uiSchema={form.uiSchema} formData={form.formData} extraErrors={errors?.errorSchema()} disabled={busy} onSubmit={save}>
          <div className="buttons">
            <button type="button" onClick={onClose}>
              Back
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {creating ? 'See my prices' : 'Submit'}
            </button>
          </div>
        </ServerSchemaForm>
      ) : formRead.isError ? (
        <Failed query={formRead} />
      ) : (
        <Pending />
      )}
    </Modal>
  );
}
