import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { SummaryRows, type SummaryRow } from '../../../components/summary-rows';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorSummary, type Problem, problemsFromServer, problemsFromValidation } from '../../../components/error-summary';
import { everyProperty, schemaAt } from '../../../components/field-messages';
import { ProgressBar } from '../../../components/progress-bar';
import { drawnForm } from '../../../components/drawn-form';
import { preloadSchemaForm, SchemaForm } from '../../../components/lazy-schema-form';
import type { ListEditorContext } from '../../../components/list-editor';
import { tempId } from '../../../lib/storage';
import { money } from '../../../utils/format';
import { getCurrentStep } from '../api/get-current-step';
import { stepAskedEarly, takeEarlyStep } from '../api/get-enrollment-step';
import { getFieldLookup } from '../api/get-field-lookup';
import { validateListItem } from '../api/validate-list-item';
import { StepContext, isBusy, useReloadOnLanguage } from '../../../lib/step-machine';
import { outcomeOf, wizardSource, type WizardSource } from '../utils/wizard-source';
import { ReviewFailureDialog } from './review-failure-dialog';
import { SaveLaterDialog } from './save-later-dialog';
import { UnfinishedSteps, unfinishedOf } from './unfinished-steps';
import { Message, useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

// The review's View Details loads when it is first opened: no other step draws it.
const ViewDetailsDialog = lazy(() => import('./view-details-dialog').then((module) => ({ default: module.ViewDetailsDialog })));

/**
 * Whether the page was opened at a step's address, the step asked for while this script loaded (app/router.tsx): then
 * the step is drawn at once, and the form's script is asked for only once the step's heading is on the screen, so that
 * the two do not share the network before the page shows anything of the step.
 */
const openedAtStep = stepAskedEarly();

/** `data` with the value at `path` (object keys and list indexes) replaced by `value`; `data` itself is left as it is. */
function withValueAt(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(data)) {
    const copy: unknown[] = [...data];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, value);
    return copy;
  }
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return { ...record, [head]: withValueAt(record[head], rest, value) };
}

/** Every wizard step: whatever the server's step says, drawn by one form. */
export function WizardPage() {
  const id = tempId.get();
  const { route = '' } = useParams();
  // A step asked for early and already answered is drawn with the page, not a moment after it.
  const [first] = useState(() => {
    const early = id ? takeEarlyStep({ enrollment_id: id, route }) : undefined;
    return early && outcomeOf(early);
  });
  const [source] = useState(() => wizardSource(id ?? ''));
  if (!id) return <Navigate to="/" replace />;
  return (
    <StepContext.Provider options={{ input: { source, where: route, first } }}>
      <WizardStep enrollmentId={id} source={source} />
    </StepContext.Provider>
  );
}

function WizardStep({ enrollmentId, source }: { enrollmentId: string; source: WizardSource }) {
  const { route = '' } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const wizard = StepContext.useActorRef();
  const step = StepContext.useSelector((s) => s.context.step);
  const errors = StepContext.useSelector((s) => s.context.errors);
  const redirect = StepContext.useSelector((s) => s.context.redirect);
  const failure = StepContext.useSelector((s) => s.context.failure?.message ?? null);
  const failureStatus = StepContext.useSelector((s) => s.context.failure?.statusCode ?? null);
  const editing = StepContext.useSelector((s) => s.matches('showing'));
  const failed = StepContext.useSelector((s) => s.matches('failed'));
  const busy = StepContext.useSelector(isBusy);
  // The browser's own refusal of the form, and the count of refused Nexts (each moves the focus to the summary).
  const [refused, setRefused] = useState<Problem[]>([]);
  // The review's card whose step is being looked at (View Details).
  const [viewing, setViewing] = useState<{ title: string; rows: SummaryRow[] } | null>(null);
  const [attempts, setAttempts] = useState(0);
  // The form's data waiting for the confirmation the step asks for (the review's Submit Application).
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const [askingEmail, setAskingEmail] = useState(false);
  // A list editor with an item open holds Next until the item is submitted or cancelled.
  const [heldBy, setHeldBy] = useState<string | null>(null);
  const current = useRef<Record<string, unknown>>({});
  // Another language chosen mid-step: the step's words are read again, with what the person has typed kept.
  useReloadOnLanguage(wizard.send, useCallback(() => current.current, []));

  // The form's script loads while the step is asked for, not after (unless the step is already here: see openedAtStep).
  useEffect(() => {
    if (!openedAtStep) preloadSchemaForm();
  }, []);
  useEffect(() => {
    current.current = (step && drawnForm(step)?.formData) ?? {};
  }, [step]);

  // A new step starts at its top, as a new page would; a long step (health questions) would otherwise open scrolled.
  const stepName = step?.step;
  useEffect(() => {
    if (stepName) window.scrollTo(0, 0);
    setRefused([]);
  }, [stepName]);

  // A refusal from the server is a new attempt too: the summary takes the focus.
  useEffect(() => {
    if (errors?.statusCode === 422) setAttempts((n) => n + 1);
  }, [errors]);

  useEffect(() => {
    if (redirect) navigate(redirect);
  }, [redirect, navigate]);

  // The URL follows the step the server answered; a URL typed or reached by Back in the browser opens that step.
  useEffect(() => {
    if (step?.wizard && editing && route !== step.wizard.route && route !== step.step) {
      navigate(`/enrollment/${step.wizard.route}`, { replace: false });
    }
  }, [step, editing, route, navigate]);
  const openedRoute = useRef(route);
  useEffect(() => {
    // The first draw's route is the one the machine opened (a step already here may have another name for it).
    if (openedRoute.current === route) return;
    openedRoute.current = route;
    if (failed || (step?.wizard && editing && route !== step.wizard.route)) wizard.send({ type: 'OPEN', where: route });
    // Only a change of the URL opens a step; the step the server answered is followed by the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);

  if (failed) {
    if (failureStatus === 409) return <NotYourTurn enrollmentId={enrollmentId} message={failure ?? ''} />;
    return (
      <p role="alert" className="error">
        {failure}
      </p>
    );
  }
  // A screen's room while the step loads: the footer is not drawn in view only to be pushed away by the form.
  if (!step) return <p className="page-pending">{t(common.loading)}</p>;
  const form = drawnForm(step);
  const place = step.wizard;
  if (!form || !place) {
    return (
      <p role="alert" className="error">
        {t(m.stepNotLoaded)}
      </p>
    );
  }
  // Messages for a field of the form are shown under it and listed, as links to it, in the summary at the top; the rest
  // (the whole step, a field the form does not draw) are listed without a link. A field may be one a condition adds
  // (Billing's card fields) or sit inside a list.
  const drawn = new Set(Object.keys(everyProperty(form.schema)));
  const serverProblems = errors
    ? problemsFromServer(
        form.schema,
        errors.fields.filter((f) => f.target_element !== 'email'),
        (path) => drawn.has(path.split('.')[0]) && schemaAt(form.schema, path) !== undefined,
        t,
      )
    : [];
  // The steps to finish before submitting: as a refused Submit named them, or as the review says on arrival.
  const refusedAsUnfinished = errors?.statusCode === 422 ? unfinishedOf(errors.extra) : [];
  const unfinished = refusedAsUnfinished.length > 0 ? refusedAsUnfinished : (place.summary?.unfinished ?? []);
  const problems = refused.length > 0 ? refused : errors?.statusCode === 422 && refusedAsUnfinished.length === 0 ? serverProblems : [];
  const submit = (formData: Record<string, unknown>) => {
    setRefused([]);
    // With steps still to finish there is nothing to confirm: the server's answer names them again.
    if (place.confirm && unfinished.length === 0) setConfirming(formData);
    else wizard.send({ type: 'ANSWER', action: 'next', formData });
  };
  const context: ListEditorContext = {
    holdNext: setHeldBy,
    validateItem: (call, item) => validateListItem(call, { enrollment_id: enrollmentId, ...item }),
    // A person added or removed is kept at once, as the spec's temporary storage keeps dependents: a reload before
    // Next finds them. The draft is the form's data with the list as it now is: the form's own change reaches the page
    // only once React has drawn it, which after an item's check on the server may come after this.
    listChanged: (path, list) => {
      current.current = withValueAt(current.current, path, list) as Record<string, unknown>;
      if (step) void source.draft(step, current.current).catch(() => undefined);
    },
  };

  return (
    <>
      {viewing && (
        <Suspense fallback={null}>
          <ViewDetailsDialog title={viewing.title} rows={viewing.rows} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      <ProgressBar steps={place.progress.steps} />
      <h1>{step.title}</h1>
      <ErrorSummary problems={problems} attempt={attempts} />
      <div className={place.summary ? 'review-layout' : undefined}>
        <div>
          {place.summary && (
            <UnfinishedSteps
              steps={unfinished}
              busy={busy}
              attempt={refusedAsUnfinished.length > 0 ? attempts : 0}
              onFinish={(s) => wizard.send({ type: 'ANSWER', action: 'edit', extra: { target: s.target_element } })}
            />
          )}
          {place.summary?.sections.map((s) => (
            <section key={s.step} className="card review-card" aria-labelledby={`card-${s.step}`}>
              <div className="review-card-head">
                <h2 id={`card-${s.step}`}>{t(m.cardHeading, { number: String(s.number), title: s.title })}</h2>
                <span className="review-card-actions">
                  <button type="button" className="text-button" onClick={() => setViewing({ title: s.title, rows: s.rows })}>
                    <Message of={m.viewDetails} values={{ title: s.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                  </button>
                  <button type="button" className="text-button" onClick={() => wizard.send({ type: 'ANSWER', action: 'edit', extra: { target: s.step } })} disabled={busy}>
                    <Message of={m.edit} values={{ title: s.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                  </button>
                </span>
              </div>
              {s.note && <p className="review-card-note">{s.note}</p>}
              {s.rows.length > 0 ? (
                <SummaryRows rows={s.rows} />
              ) : (
                <p className="muted">{t(m.nothingAsked)}</p>
              )}
            </section>
          ))}
          <SchemaForm
            id={`${step.step}-${place.version}`}
            reserve="page-pending"
            afterPaint={openedAtStep}
            className={place.summary ? undefined : 'form-columns'}
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onChange={(formData) => {
              current.current = formData;
            }}
            onError={(found) => {
              setRefused(problemsFromValidation(form.schema, found, t));
              setAttempts((n) => n + 1);
            }}
            onSubmit={submit}
            context={context}
            lookup={getFieldLookup}
          >
            <div className="buttons form-actions">
              {step.actions.some((a) => a.action === 'back') && (
                <button type="button" onClick={() => wizard.send({ type: 'ANSWER', action: 'back' })} disabled={busy}>
                  {t(common.back)}
                </button>
              )}
              {step.actions.some((a) => a.action === 'save-for-later') && (
                <button type="button" onClick={() => setAskingEmail(true)} disabled={busy}>
                  {t(m.saveForLater)}
                </button>
              )}
              <button
                type="submit"
                className="primary"
                disabled={busy || heldBy !== null || confirming !== null}
                aria-busy={busy || undefined}
                title={heldBy ?? undefined}
              >
                {busy && <span className="spinner spinner-small" aria-hidden="true" />}
                {step.actions.find((a) => a.action === 'next')?.label ?? t(m.next)}
              </button>
            </div>
          </SchemaForm>
        </div>
        {place.summary && (
          <aside aria-labelledby="summary-heading" className="order-info">
            <h2 id="summary-heading">{t(m.plansHeading)}</h2>
            <ul className="order-lines">
              {place.summary.cart.lines.map((l) => (
                <li key={l.plan_name}>
                  <span>{l.plan_name}</span> <strong>{money(l.price)}</strong>
                </li>
              ))}
            </ul>
            <dl>
              <dt>{t(m.firstMonthTotal)}</dt>
              <dd>{money(place.summary.cart.initial_month_cost)}</dd>
              <dt>{t(m.recurringMonthly)}</dt>
              <dd>{money(place.summary.cart.recurring_month_cost)}</dd>
            </dl>
          </aside>
        )}
      </div>
      {place.confirm && (
        <ConfirmDialog
          words={place.confirm}
          open={confirming !== null}
          onCancel={() => setConfirming(null)}
          onAccept={() => {
            const formData = confirming ?? {};
            setConfirming(null);
            wizard.send({ type: 'ANSWER', action: 'next', formData });
          }}
        />
      )}
      <ReviewFailureDialog onSaveForLater={() => setAskingEmail(true)} />
      <SaveLaterDialog asking={askingEmail} onBack={() => setAskingEmail(false)} formData={() => current.current} />
    </>
  );
}

/** A step opened (by its address) before its turn: says so, and offers the step the person is on. */
function NotYourTurn({ enrollmentId, message }: { enrollmentId: string; message: string }) {
  const navigate = useNavigate();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);
  const go = () => {
    setBusy(true);
    getCurrentStep({ enrollment_id: enrollmentId }).then(
      (answer) => navigate('step' in answer ? `/enrollment/${answer.step.wizard?.route ?? answer.step.step}` : 'redirect' in answer ? answer.redirect : '/cart'),
      () => {
        setBusy(false);
        setLost(true);
      },
    );
  };
  return (
    <section className="banner not-your-turn" aria-labelledby="not-your-turn">
      <h1 id="not-your-turn">{message || t(m.earlierStepsFirst)}</h1>
      <p>{t(m.savedWhereYouWere)}</p>
      {lost && (
        <p role="alert" className="error">
          {t(m.currentStepLost)}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="primary" onClick={go} disabled={busy}>
          {t(m.goToCurrentStep)}
        </button>
      </div>
    </section>
  );
}
