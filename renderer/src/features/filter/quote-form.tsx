// The quote form: the search filter (zip, gender, tier, date of birth, the category when a premier plan is involved,
// the dependents the tier covers) in a dialog, drawn from the server's schema and saved with change-filter-info.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';
import { SchemaForm } from '../../components/schema-form';
import { ApiError, api } from '../../lib/api';

interface FilterForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
}

export interface FilterInfo {
  zip: string;
  dob: string;
  tier: string;
  gender: string;
  state?: string;
  is_smoker?: string | null;
}

export const TIERS: Record<string, string> = { IO: 'Member Only', IS: 'Member + Spouse', IC: 'Member + Children', IF: 'Family' };

/** The read-only summary of the filter: zip, gender, smoker (only when set), tier and date of birth. */
export function FilterSummary({ filter, onEdit }: { filter: FilterInfo; onEdit: () => void }) {
  return (
    <p className="filter-summary">
      Zip {filter.zip} · {filter.gender === '1' ? 'Female' : 'Male'}
      {filter.is_smoker ? ` · Smoker: ${filter.is_smoker === '1' ? 'Yes' : 'No'}` : ''} · {TIERS[filter.tier] ?? filter.tier} · DOB {filter.dob} ·{' '}
      <button type="button" className="link" onClick={onEdit}>
        Edit<span className="visually-hidden"> your information</span>
      </button>
    </p>
  );
}

/** Who the quote is for, as the server knows it: the member, the employer group, the portal, the rep. */
export interface QuoteParties {
  enrollment_type: string | null;
  result: {
    user_info: { first_name: string; last_name: string } | null;
    group_info: { name: string } | null;
    platforms: { platform_name: string }[];
    agent_info?: { name: string } | null;
  };
}

export function useQuoteParties(enrollmentId: string): QuoteParties | null {
  const [parties, setParties] = useState<QuoteParties | null>(null);
  useEffect(() => {
    api.get<QuoteParties>(`/get-group-agent-member-info?enrollment_id=${enrollmentId}`).then(setParties, () => setParties(null));
  }, [enrollmentId]);
  return parties;
}

/** The summary of the selected group, member and portal (only what applies). */
export function PartiesSummary({ parties }: { parties: QuoteParties | null }) {
  if (!parties) return null;
  const { user_info, group_info, platforms, agent_info } = parties.result;
  const parts = [
    user_info && `Member: ${user_info.first_name} ${user_info.last_name}`,
    group_info && `Your Employer Group: ${group_info.name}`,
    platforms[0] && `Portal: ${platforms[0].platform_name}`,
    agent_info && `Rep: ${agent_info.name}`,
  ].filter(Boolean);
  return parts.length > 0 ? <p className="filter-summary">{parts.join(' · ')}</p> : null;
}

/** The edit dialog; `planId` (a premier plan) or `category` (the medical category) asks for the category too. */
export function QuoteFormDialog({ enrollmentId, planId, category, open, onClose, onSaved }: {
  enrollmentId: string;
  planId?: string;
  category?: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<FilterForm | null>(null);
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors(null);
    const extra = `${planId ? `&plan_id=${planId}` : ''}${category ? `&category=${category}` : ''}`;
    api.get<FilterForm>(`/filter-form?enrollment_id=${enrollmentId}${extra}`).then(setForm, () => setForm(null));
  }, [open, enrollmentId, planId, category]);

  const save = async (data: Record<string, unknown>) => {
    setBusy(true);
    setErrors(null);
    try {
      // The spec drops empty values from update payloads.
      const body = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      await api.put(`/change-filter-info/${enrollmentId}`, { ...body, plan_id: planId });
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
