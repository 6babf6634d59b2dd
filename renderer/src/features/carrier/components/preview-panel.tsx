// The draft as an applicant meets it: the plan's popups drawn by the same form the shop draws them with, at a phone's
// or a desktop's width, and answerable, to see which answers decline (nothing is stored).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { drawnForm } from '../../../components/drawn-form';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { type PlanQuestions, getPreview, tryPreview } from '../api/console';
import { m } from '../messages';
import { nestedErrors } from '../utils/nested-errors';

type Width = 'phone' | 'desktop';

export function PreviewPanel({ plan }: { plan: PlanQuestions }) {
  const [width, setWidth] = useState<Width>('desktop');
  const t = useT();
  // Read again with each save of the draft (and each publish).
  const preview = useQuery({
    queryKey: ['carrier', 'preview', plan.plan_id, plan.draft?.revision ?? 0, plan.history.length],
    queryFn: () => getPreview(plan.plan_id),
  });
  return (
    <section aria-labelledby="preview-title" className="console-box">
      <h3 id="preview-title">{plan.draft ? t(m.previewDraft) : t(m.previewNow)}</h3>
      <div className="buttons" role="group" aria-label={t(m.previewWidth)}>
        {(['phone', 'desktop'] as const).map((w) => (
          <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
            {w === 'phone' ? t(m.phone) : t(m.desktop)}
          </button>
        ))}
      </div>
      {preview.isError ? (
        <Failed query={preview} />
      ) : !preview.data ? (
        <Pending />
      ) : preview.data.steps.length === 0 ? (
        <p>{t(m.asksNothing)}</p>
      ) : (
        <div className={`preview-frame ${width}`}>
          {preview.data.steps.map((step) => (
            <PreviewStep key={`${step.step}-${plan.draft?.revision ?? 0}`} planId={plan.plan_id} step={step} />
          ))}
        </div>
      )}
    </section>
  );
}

type PreviewStepData = Awaited<ReturnType<typeof getPreview>>['steps'][number];

function PreviewStep({ planId, step }: { planId: number; step: PreviewStepData }) {
  const [outcome, setOutcome] = useState<{ outcome: string; message: string } | null>(null);
  const [errors, setErrors] = useState<ApiError | null>(null);
  const t = useT();
  const form = drawnForm(step);
  const submit = step.actions.find((a) => a.action === 'submit');
  // The application's step is shown to be answered, not tried: it declines nothing (its answers go to the carrier).
  const popup = Boolean(submit);
  if (!form) return null;
  const answer = (answers: Record<string, unknown>) => {
    setOutcome(null);
    tryPreview(planId, { popup: step.step, answers })
      .then((o) => {
        setErrors(null);
        setOutcome(o);
      })
      .catch((e: unknown) => setErrors(e instanceof ApiError ? e : null));
  };
  const general = errors?.fields.filter((f) => !(f.target_element in (form.schema.properties ?? {})));
  return (
    <div className="preview-step" data-step={step.step}>
      <h4>{popup ? step.title : t(m.applicationStep, { title: step.title })}</h4>
      {step.text && <p>{step.text}</p>}
      <SchemaForm id={`preview-${planId}-${step.step}`} schema={form.schema} uiSchema={form.uiSchema} formData={form.formData} extraErrors={errors ? nestedErrors(errors.fields) : undefined} onSubmit={answer}>
        {general && general.length > 0 && (
          <p role="alert" className="form-error">
            {general.map((g) => g.error_message).join(' ')}
          </p>
        )}
        {outcome && (
          <p role="status" className={`preview-outcome ${outcome.outcome}`}>
            <Message
              of={outcome.outcome === 'declined' ? m.declined : m.accepted}
              values={{ message: outcome.message, strong: (chunks) => <strong>{chunks}</strong> }}
            />
          </p>
        )}
        {popup ? (
          <div className="buttons">
            <button type="submit" className="primary">
              {submit?.label}
            </button>
          </div>
        ) : (
          <p className="hint">{t(m.applicationHint)}</p>
        )}
      </SchemaForm>
    </div>
  );
}
