// The quote form: the search filter (zip, gender, tier, date of birth, the category when a premier plan is involved,
// the dependents the tier covers) in a dialog, drawn from the server's schema and saved with change-filter-info.
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { type DrawnForm, SchemaForm, drawnForm } from '../../../components/schema-form';
import { ApiError } from '../../../lib/api';
import { changeFilterInfo } from '../api/change-filter-info';
import { getFilterForm } from '../api/get-filter-form';

/** The edit dialog; `planId` (a premier plan) or `category` (the medical category) asks for the category too. */
export function QuoteFormDialog({ enrollmentId, planId, category, open, onClose, onSaved }: {
  enrollmentId: string;
  planId?: string;
  category?: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<DrawnForm | null>(null);
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors(null);
    getFilterForm({ enrollment_id: enrollmentId, plan_id: planId, category }).then(
      (answer) => setForm(drawnForm(answer)),
      () => setForm(null),
    );
  }, [open, enrollmentId, planId, category]);

  const save = async (data: Record<string, unknown>) => {
    setBusy(true);
    setErrors(null);
    try {
      // The spec drops empty values from update payloads.
      const body = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      await changeFilterInfo(enrollmentId, { ...body, plan_id: planId });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Edit your information" open={open}>
      {form ? (
        <SchemaForm id="quote-form" schema={form.schema} uiSchema={form.uiSchema} formData={form.formData} extraErrors={errors?.errorSchema()} disabled={busy} onSubmit={save}>
          <div className="buttons">
            <button type="button" onClick={onClose}>
              Back
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Submit
            </button>
          </div>
        </SchemaForm>
      ) : (
        <p>Loading…</p>
      )}
    </Modal>
  );
}
