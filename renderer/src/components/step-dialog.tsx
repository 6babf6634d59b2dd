// The dialog frame: draws whatever step the server drives outside the wizard, in one dialog, with the one step machine
// (lib/step-machine.ts): a form (rjsf, from the server's schema), an offer (the plans offered with their price and the
// offer's two answers) or a confirmation. Nothing here knows which popup, offer or form it is drawing; the wizard's
// tabs are drawn by the page frame (features/wizard) with the same machine.
import { useEffect, useState } from 'react';
import { type Outcome, type StepActionName, type StepSource, StepContext, type Step, isBusy, useReloadOnLanguage } from '../lib/step-machine';
import { useT } from '../lib/i18n';
import { money } from '../utils/format';
import { drawnForm } from './drawn-form';
import { ServerSchemaForm } from './server-schema-form';
import { m } from './step-dialog.messages';
import { Modal } from './modal';

export interface StepDialogProps {
  source: StepSource;
  /** Start at this step instead of loading the first (a popup opened by a button). */
  start?: Step | null;
  /** Actions the caller takes itself (the confirmation's Rep Enrollment, Member Enrollment, Back to Cart). */
  localActions?: StepActionName[];
  onLocalAction?: (action: StepActionName) => void;
  /** The flow is over: `outcome` is the server's last word (null when closed by the person, or when it failed). */
  onFinish: (outcome: Outcome | null, message: string | null) => void;
}

/** The dialog keeps the source and the start it was opened with; it lives as long as its flow. */
export function StepDialog({ source, start, ...props }: StepDialogProps) {
  return (
    <StepContext.Provider options={{ input: { source, first: start ? { step: start } : undefined } }}>
      <StepInDialog {...props} />
    </StepContext.Provider>
  );
}

const noFormData = () => undefined;

function StepInDialog({ localActions = [], onLocalAction, onFinish }: Omit<StepDialogProps, 'source' | 'start'>) {
  const flow = StepContext.useActorRef();
  const step = StepContext.useSelector((s) => s.context.step);
  const errors = StepContext.useSelector((s) => s.context.errors);
  const message = StepContext.useSelector((s) => s.context.message);
  const busy = StepContext.useSelector(isBusy);
  // A step that could not be loaded ends the flow as closing it would (there is nothing to show).
  const ending = StepContext.useSelector((s) => (s.matches('done') ? 'done' : s.matches('closed') || s.matches('failed') ? 'closed' : null));
  // The form's own words for an answer it refuses (an eligibility question answered No): shown above the buttons.
  const [refusedHere, setRefusedHere] = useState<string | null>(null);
  const t = useT();
  // Another language chosen while the dialog is open: its words are read again.
  useReloadOnLanguage(flow.send, noFormData);

  useEffect(() => {
    if (ending === 'done') onFinish(flow.getSnapshot().context.outcome, flow.getSnapshot().context.message);
    if (ending === 'closed') onFinish(null, null);
    // The caller hears of the end once, whatever it passes as onFinish meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ending]);

  if (!step || ending) return null;
  const form = step.kind === 'form' ? drawnForm(step) : null;
  const general = errors?.fields.filter((f) => !f.target_element || !(form?.schema.properties && f.target_element in form.schema.properties));
  const formWords = (form?.schema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
  // Which answers the form refuses (`x-refuse`), so that a refusal in the browser shows the form's words too.
  const refusals = new Set(
    Object.values((form?.schema.properties ?? {}) as Record<string, { 'x-refuse'?: Record<string, string> }>).flatMap((p) => Object.values(p['x-refuse'] ?? {})),
  );
  const aboveButtons = [...new Set([...(general?.map((g) => g.error_message) ?? []), ...(refusedHere ? [refusedHere] : [])])];
  const act = (action: StepActionName, formData: Record<string, unknown> = {}) => {
    if (action === 'cancel') flow.send({ type: 'CLOSE' });
    else if (localActions.includes(action)) onLocalAction?.(action);
    else flow.send({ type: 'ANSWER', action, formData });
  };
  // The form's own button: the step's action that goes on with its answers (a popup's submit, a form's next).
  const submit = step.actions.find((a) => a.action === 'submit' || a.action === 'next');
  const others = step.actions.filter((a) => a !== submit);
  const buttons = (
    <div className="buttons">
      {step.actions.map((a, i) => (
        <button key={a.action} type="button" className={i === 0 ? 'primary' : undefined} onClick={() => act(a.action)} disabled={busy}>
          {a.label}
        </button>
      ))}
    </div>
  );

  return (
    // Escape dismisses the step as its Cancel would: the flow ends, and the caller hears so.
    <Modal title={step.title} open onClose={() => flow.send({ type: 'CLOSE' })}>
      <div className="flow-step" data-step={step.step}>
        {step.kind !== 'offer' && step.text && <p>{step.text}</p>}
        {/* Always there, so that what it comes to say after an answer (a decline that stands, a saved answer) is read
            out by a screen reader when it appears (WCAG 4.1.3), not only seen. */}
        <div role="status" className="flow-status">
          {step.message && <p className="notice">{step.message}</p>}
          {message && <p className="success">{message}</p>}
        </div>
        {!form && aboveButtons.length > 0 && (
          <div role="alert" className="error">
            {aboveButtons.map((said) => (
              <p key={said}>{said}</p>
            ))}
          </div>
        )}
        {form ? (
          <ServerSchemaForm
            id={`flow-${step.step}`}
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            // Only a form that refuses an answer (`x-refuse`) listens for the browser's problems; a form without (the
            // quote's filter) is drawn without loading the form library.
            onError={
              refusals.size > 0
                ? (found) => setRefusedHere(found.some((e) => refusals.has(e.message ?? '')) ? (formWords?.refuse ?? null) : null)
                : undefined
            }
            onSubmit={(data) => {
              setRefusedHere(null);
              act('submit', data);
            }}
          >
            {aboveButtons.length > 0 && (
              <div role="alert" className="error form-error">
                {aboveButtons.map((said) => (
                  <p key={said}>{said}</p>
                ))}
              </div>
            )}
            <div className="buttons">
              {others.map((a) => (
                <button key={a.action} type="button" onClick={() => act(a.action)} disabled={busy}>
                  {a.label}
                </button>
              ))}
              {submit && (
                <button type="submit" className="primary" disabled={busy}>
                  {submit.label}
                </button>
              )}
            </div>
          </ServerSchemaForm>
        ) : step.offer ? (
          <>
            {step.offer.header && <h3>{step.offer.header}</h3>}
            {step.offer.plans.length > 0 && (
              <ul className="offer-plans">
                {step.offer.plans.map((p) => (
                  <li key={p.plan_id}>
                    <img src={p.plan_logo} alt="" width={100} height={30} />
                    <span>{t(m.offerPlan, { plan: p.plan_name, option: p.option_name, price: money(p.price) })}</span>
                  </li>
                ))}
              </ul>
            )}
            {step.offer.plans.length > 1 && <p className="price">{t(m.together, { price: money(step.offer.price) })}</p>}
            {step.offer.link && step.offer.link_description && (
              <p>
                <a href={step.offer.link}>{step.offer.link_description}</a>
              </p>
            )}
            {buttons}
          </>
        ) : (
          buttons
        )}
      </div>
    </Modal>
  );
}
