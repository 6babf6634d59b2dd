import { lazy, Suspense, useEffect, useState } from 'react';
import type { SummaryRow } from '../../../components/summary-rows';
import { Navigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorSummary, problemsFromValidation } from '../../../components/error-summary';
import { ProgressBar } from '../../../components/progress-bar';
import { drawnForm } from '../../../components/drawn-form';
import { preloadSchemaForm, SchemaForm } from '../../../components/lazy-schema-form';
import type { ListEditorContext } from '../../../components/list-editor';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { stepAskedEarly, takeEarlyStep } from '../api/get-enrollment-step';
import { getFieldLookup } from '../api/get-field-lookup';
import { validateListItem } from '../api/validate-list-item';
import { StepContext } from '../../../lib/step-machine';
import { useConfirmedNext } from '../hooks/use-confirmed-next';
import { useStepAddress } from '../hooks/use-step-address';
import { useStepAttempts } from '../hooks/use-step-attempts';
import { useStepDraft } from '../hooks/use-step-draft';
import { useWizardState } from '../hooks/use-wizard-state';
import { stepProblems } from '../utils/step-problems';
import { outcomeOf, wizardSource, type WizardSource } from '../utils/wizard-source';
import { StepFailure } from './not-your-turn';
import { RemoteSignaturePanel } from './remote-signature-panel';
import { ReviewCards } from './review-cards';
import { ReviewFailureDialog } from './review-failure-dialog';
import { ReviewOrder } from './review-order';
import { SaveLaterDialog } from './save-later-dialog';
import { StepActions } from './step-actions';
import { UnfinishedSteps } from './unfinished-steps';
import { useT } from '../../../lib/i18n';
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
  const t = useT();
  const { wizard, step, errors, redirect, failure, failureStatus, editing, failed, busy } = useWizardState();
  // The review's card whose step is being looked at (View Details).
  const [viewing, setViewing] = useState<{ title: string; rows: SummaryRow[] } | null>(null);
  const confirmation = useConfirmedNext(wizard.send);
  const [askingEmail, setAskingEmail] = useState(false);
  // A list editor with an item open holds Next until the item is submitted or cancelled.
  const [heldBy, setHeldBy] = useState<string | null>(null);
  const draft = useStepDraft(step, wizard.send, source);
  const byRep = useSite().site?.eprocess === 'rep';

  // The form's script loads while the step is asked for, not after (unless the step is already here: see openedAtStep).
  useEffect(() => {
    if (!openedAtStep) preloadSchemaForm();
  }, []);
  const attempts = useStepAttempts(step?.step, errors);
  useStepAddress({ route, step, editing, failed, redirect, send: wizard.send });

  if (failed) return <StepFailure enrollmentId={enrollmentId} status={failureStatus} message={failure} />;
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
  const { problems, unfinished, refusedAsUnfinished } = stepProblems(form, place, errors, attempts.refused, t);
  const submit = (formData: Record<string, unknown>) => {
    attempts.clear();
    // With steps still to finish there is nothing to confirm: the server's answer names them again.
    if (place.confirm && unfinished.length === 0) confirmation.ask(formData);
    else wizard.send({ type: 'ANSWER', action: 'next', formData });
  };
  const context: ListEditorContext = {
    holdNext: setHeldBy,
    validateItem: (call, item) => validateListItem(call, { enrollment_id: enrollmentId, ...item }),
    listChanged: draft.listChanged,
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
      <ErrorSummary problems={problems} attempt={attempts.attempts} />
      <div className={place.summary ? 'review-layout' : undefined}>
        <div>
          {place.summary && (
            <UnfinishedSteps
              steps={unfinished}
              busy={busy}
              attempt={refusedAsUnfinished ? attempts.attempts : 0}
              onFinish={(s) => wizard.send({ type: 'ANSWER', action: 'edit', extra: { target: s.target_element } })}
            />
          )}
          {place.summary && (
            <ReviewCards
              sections={place.summary.sections}
              busy={busy}
              onView={(s) => setViewing({ title: s.title, rows: s.rows })}
              onEdit={(s) => wizard.send({ type: 'ANSWER', action: 'edit', extra: { target: s.step } })}
            />
          )}
          {byRep && step.step === 'agreement_info' && (
            <RemoteSignaturePanel enrollmentId={enrollmentId} onSigned={() => wizard.send({ type: 'RELOAD', formData: draft.read() })} />
          )}
          <SchemaForm
            id={`${step.step}-${place.version}-${heldFields(form.uiSchema)}`}
            reserve="page-pending"
            afterPaint={openedAtStep}
            className={place.summary ? undefined : 'form-columns'}
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onChange={draft.change}
            onError={(found) => attempts.refuse(problemsFromValidation(form.schema, found, t))}
            onSubmit={submit}
            context={context}
            lookup={getFieldLookup}
          >
            <StepActions
              actions={step.actions}
              busy={busy}
              heldBy={heldBy}
              confirming={confirmation.asking}
              onBack={() => wizard.send({ type: 'ANSWER', action: 'back' })}
              onSaveForLater={() => setAskingEmail(true)}
            />
          </SchemaForm>
        </div>
        {place.summary && <ReviewOrder cart={place.summary.cart} />}
      </div>
      {place.confirm && <ConfirmDialog words={place.confirm} open={confirmation.asking} onCancel={confirmation.cancel} onAccept={confirmation.accept} />}
      <ReviewFailureDialog onSaveForLater={() => setAskingEmail(true)} />
      <SaveLaterDialog asking={askingEmail} onBack={() => setAskingEmail(false)} formData={draft.read} />
    </>
  );
}

/**
 * The fields the step shows read-only because the server holds them (an applicant's signature given on their own
 * device): a step read again with more of them is a new form, drawn from what the server holds.
 */
function heldFields(uiSchema: Record<string, unknown>): string {
  return Object.entries(uiSchema)
    .filter(([, options]) => typeof options === 'object' && options !== null && (options as Record<string, unknown>)['ui:readonly'] === true)
    .map(([field]) => field)
    .join(',');
}
