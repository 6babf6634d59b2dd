// Draws whatever step a flow is at, in one dialog: a form (rjsf, from the server's schema), an offer (the plans
// offered with their price and the offer's two answers) or the checkout confirmation. Nothing here knows which popup
// or offer it is drawing.
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { drawnForm } from '../../../components/drawn-form';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { money } from '../../../utils/format';
import { type FlowAnswer, FlowContext, type FlowSource, type FlowStep } from '../machines/flow-machine';

export interface FlowDialogProps {
  source: FlowSource;
  /** Start at this step instead of loading the first (a popup opened by a button). */
  start?: FlowStep | null;
  /** Actions the caller takes itself (the confirmation's Rep Enrollment, Member Enrollment, Back to Cart). */
  localActions?: string[];
  onLocalAction?: (action: string) => void;
  /** The flow is over: `answer` is the server's last word (null when closed by the person). */
  onFinish: (answer: FlowAnswer | null, message: string | null) => void;
}

/** The flow keeps the source and the start it was opened with; a dialog lives as long as its flow. */
export function FlowDialog({ source, start, ...props }: FlowDialogProps) {
  return (
    <FlowContext.Provider options={{ input: { source, step: start ?? null } }}>
      <FlowStepDialog {...props} />
    </FlowContext.Provider>
  );
}

function FlowStepDialog({ localActions = [], onLocalAction, onFinish }: Omit<FlowDialogProps, 'source' | 'start'>) {
  const flow = FlowContext.useActorRef();
  const step = FlowContext.useSelector((s) => s.context.step);
  const errors = FlowContext.useSelector((s) => s.context.errors);
  const message = FlowContext.useSelector((s) => s.context.message);
  const busy = FlowContext.useSelector((s) => s.matches('submitting') || s.matches('rereading'));
  const ending = FlowContext.useSelector((s) => (s.matches('done') ? 'done' : s.matches('closed') ? 'closed' : null));
  // The form's own words for an answer it refuses (an eligibility question answered No): shown above the buttons.
  const [refusedHere, setRefusedHere] = useState<string | null>(null);

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
  const act = (action: string, formData: Record<string, unknown> = {}) => {
    if (action === 'cancel') flow.send({ type: 'CLOSE' });
    else if (localActions.includes(action)) onLocalAction?.(action);
    else flow.send({ type: 'ANSWER', action, formData });
  };
  const others = step.actions.filter((a) => a.action !== 'submit');
  const submit = step.actions.find((a) => a.action === 'submit');
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
    <Modal title={step.title} open>
      <div className="flow-step" data-step={step.step}>
        {step.kind !== 'offer' && step.text && <p>{step.text}</p>}
        {step.kind === 'form' && step.message && <p className="notice">{step.message}</p>}
        {message && <p className="success">{message}</p>}
        {!form && aboveButtons.length > 0 && (
          <div role="alert" className="error">
            {aboveButtons.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        )}
        {form ? (
          <SchemaForm
            id={`flow-${step.step}`}
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onError={(found) => setRefusedHere(found.some((e) => refusals.has(e.message ?? '')) ? (formWords?.refuse ?? null) : null)}
            onSubmit={(data) => {
              setRefusedHere(null);
              act('submit', data);
            }}
          >
            {aboveButtons.length > 0 && (
              <div role="alert" className="error form-error">
                {aboveButtons.map((m) => (
                  <p key={m}>{m}</p>
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
          </SchemaForm>
        ) : step.kind === 'offer' ? (
          <>
            {step.header && <h3>{step.header}</h3>}
            {step.plans.length > 0 && (
              <ul className="offer-plans">
                {step.plans.map((p) => (
                  <li key={p.plan_id}>
                    <img src={p.plan_logo} alt="" width={100} height={30} />
                    <span>
                      {p.plan_name} ({p.option_name}): {money(p.price)}/mo
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {step.plans.length > 1 && <p className="price">Together: {money(step.price)}/mo</p>}
            {step.link && step.link_description && (
              <p>
                <a href={step.link}>{step.link_description}</a>
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
