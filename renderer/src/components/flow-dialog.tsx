// Draws whatever step a flow is at, in one dialog: a form (rjsf, from the server's schema), an offer (the plans
// offered with their price and the offer's two answers) or the checkout confirmation. Nothing here knows which popup
// or offer it is drawing.
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { money } from '../lib/api';
import { type FlowAnswer, type FlowSource, type FlowStep, flowMachine } from './flow-machine';
import { Modal } from './modal';
import { SchemaForm } from './schema-form';

export interface FlowDialogProps {
  source: FlowSource;
  /** Start at this step instead of loading the first (a popup opened by a button). */
  start?: FlowStep | null;
  /** Actions the caller takes itself (the confirmation's Rep Enrollment, Member Enrollment, Back to Cart). */
  localActions?: string[];
  onLocalAction?: (action: string) => void;
  /** The flow is over: `answer` is the server's last word (null when closed by the person). */
  onFinish: (answer: FlowAnswer | null, message: string | null) => void;
  /** Messages shown in the dialog that the caller owns (a checkout error beside the date). */
  extraMessage?: string | null;
}

export function FlowDialog({ source, start, localActions = [], onLocalAction, onFinish, extraMessage }: FlowDialogProps) {
  const [state, send] = useMachine(flowMachine, { input: { source, step: start ?? null } });
  const { step, errors, message, outcome } = state.context;
  const finished = state.matches('done') || state.matches('closed');

  useEffect(() => {
    if (state.matches('done')) onFinish(outcome, message);
    if (state.matches('closed')) onFinish(null, null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  if (!step || finished) return null;
  const busy = state.matches('submitting');
  const general = errors?.fields.filter((f) => !f.target_element || !(step.schema?.properties && f.target_element in step.schema.properties));
  const act = (action: string, formData: Record<string, unknown> = {}) => {
    if (action === 'cancel') send({ type: 'CLOSE' });
    else if (localActions.includes(action)) onLocalAction?.(action);
    else send({ type: 'ANSWER', action, formData });
  };
  const others = step.actions.filter((a) => a.action !== 'submit');
  const submit = step.actions.find((a) => a.action === 'submit');

  return (
    <Modal title={step.title} open>
      <div className="flow-step" data-step={step.step}>
        {step.text && <p>{step.text}</p>}
        {step.message && <p className="notice">{step.message}</p>}
        {message && <p className="success">{message}</p>}
        {(general?.length ?? 0) > 0 && (
          <div role="alert" className="error">
            {general?.map((g) => (
              <p key={g.error_message}>{g.error_message}</p>
            ))}
          </div>
        )}
        {extraMessage && (
          <p role="alert" className="error">
            {extraMessage}
          </p>
        )}
        {step.kind === 'form' && step.schema ? (
          <SchemaForm
            id={`flow-${step.step}`}
            schema={step.schema}
            uiSchema={step.uiSchema ?? {}}
            formData={step.formData ?? {}}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onSubmit={(data) => act('submit', data)}
          >
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
        ) : (
          <>
            {step.header && <h3>{step.header}</h3>}
            {step.plans && step.plans.length > 0 && (
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
            {step.plans && step.plans.length > 1 && <p className="price">Together: {money(step.price)}/mo</p>}
            {step.link && step.link_description && (
              <p>
                <a href={step.link}>{step.link_description}</a>
              </p>
            )}
            <div className="buttons">
              {step.actions.map((a, i) => (
                <button key={a.action} type="button" className={i === 0 ? 'primary' : undefined} onClick={() => act(a.action)} disabled={busy}>
                  {a.label}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
