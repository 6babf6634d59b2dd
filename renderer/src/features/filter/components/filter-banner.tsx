import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Hero } from '../../../components/hero';
import { Failed, Pending } from '../../../components/query-state';
import { type DrawnForm, drawnForm } from '../../../components/drawn-form';
import { ServerSchemaForm } from '../../../components/server-schema-form';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useCartCount } from '../../../lib/cart-count';
import { useChangeQuote } from '../../../lib/quote';
import { useLeadZip } from '../../../lib/lead-zip';
import { useSite } from '../../../lib/site';
import { bannerImage } from '../../../lib/site-settings';
import { chosenGroup, tempId } from '../../../lib/storage';
import { addFilterForNewUser } from '../api/add-filter-for-new-user';
import { m } from '../messages';
import { filterFormQuery } from '../../../lib/filter-form';

/** The landing page's banner: the filter that starts (or changes) the quote, then on to the medical plans. */
export function FilterBanner() {
  const t = useT();
  const navigate = useNavigate();
  const { site } = useSite();
  const { refresh } = useCartCount();
  const changeQuote = useChangeQuote();
  const [form, setForm] = useState<DrawnForm | null>(null);
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // What the person has typed so far, and how many times the form was drawn afresh (to take the location's ZIP code).
  const typed = useRef<Record<string, unknown> | null>(null);
  const [drawn, setDrawn] = useState(0);
  const leadZip = useLeadZip();

  // The quote this browser is on, if any: its form is filled with its filter. A quote the server no longer knows
  // (expired, submitted elsewhere) is forgotten and a new quote's form is shown instead.
  const [id, setId] = useState(() => tempId.get());
  const formRead = useQuery(filterFormQuery(id ? { enrollment_id: id } : {}));
  const forgotten = Boolean(id) && formRead.isError;
  useEffect(() => {
    if (!forgotten) return;
    tempId.clear();
    setId(null);
  }, [forgotten]);
  useEffect(() => setForm(formRead.data ? drawnForm(formRead.data) : null), [formRead.data]);

  // The ZIP code the visitor's position gave (the location banner) fills an empty ZIP Code, keeping what was typed.
  useEffect(() => {
    if (!leadZip || !form) return;
    const current = typed.current ?? form.formData;
    if (current.zip) return;
    typed.current = { ...current, zip: leadZip };
    setForm({ ...form, formData: typed.current });
    setDrawn((n) => n + 1);
  }, [leadZip, form]);

  const submit = async (data: Record<string, unknown>) => {
    setBusy(true);
    setErrors(null);
    try {
      const current = tempId.get();
      if (current) {
        await changeQuote.mutateAsync({ enrollmentId: current, body: data });
      } else {
        // Who enrolls (applicant, rep, employee) is the server's to know from the session; a rep says which group.
        const created = await addFilterForNewUser({ ...data, group_id: chosenGroup.get() });
        tempId.set(created.temp_enrollment_id);
      }
      refresh();
      navigate('/plans?type=medical');
    } catch (e) {
      if (e instanceof ApiError) setErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Hero image={bannerImage(site)} imageLink={site?.branding.image_link} title={t(m.welcome)}>
      <p className="hero-lead">{t(m.lead)}</p>
      {form ? (
        <div className="filter-form">
          <ServerSchemaForm
            id={`filter-${drawn}`}
            reserve="filter-form-pending"
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onSubmit={submit}
            onChange={(data) => {
              typed.current = data;
            }}
          >
            <button type="submit" className="primary" disabled={busy}>
              {formRead.data?.actions.find((a) => a.action === 'next')?.label ?? t(m.submit)}
            </button>
          </ServerSchemaForm>
        </div>
      ) : formRead.isError && !forgotten ? (
        <Failed query={formRead} />
      ) : (
        // The room the loaded form takes, so that the plans below do not move when it arrives.
        <Pending className="filter-form-pending" />
      )}
    </Hero>
  );
}
