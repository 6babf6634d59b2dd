import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { everyProperty } from '../../components/messages';
import { Modal } from '../../components/modal';
import { ProgressBar } from '../../components/progress-bar';
import { SchemaForm } from '../../components/schema-form';
import { money, tempId } from '../../lib/api';
import { type Section, wizardMachine } from './wizard-machine';

/** Every wizard step: whatever the server's step says, drawn by one form. */
export function WizardPage() {
  const id = tempId.get();
  return id ? <Wizard enrollmentId={id} /> : <Navigate to="/" replace />;
}

function Wizard({ enrollmentId }: { enrollmentId: string }) {
  const { route = '' } = useParams();
  const navigate = useNavigate();
  const [state, send] = useMachine(wizardMachine, { input: { enrollmentId, route } });
  const [viewing, setViewing] = useState<Section | null>(null);
  const [askingEmail, setAskingEmail] = useState(false);
  const [reviewFailureSeen, setReviewFailureSeen] = useState<unknown>(null);
  const [email, setEmail] = useState('');
  // A list editor with an item open holds Next until the item is submitted or cancelled.
  const [heldBy, setHeldBy] = useState<string | null>(null);
  const current = useRef<Record<string, unknown>>({});
  const { step, errors, redirect, failure, saved } = state.context;

  useEffect(() => {
    current.current = step?.formData ?? {};
  }, [step]);

  // A new step starts at its top, as a new page would; a long step (health questions) would otherwise open scrolled.
  const stepName = step?.step;
  useEffect(() => {
    if (stepName) window.scrollTo(0, 0);
  }, [stepName]);

  useEffect(() => {
    if (redirect) navigate(redirect);
  }, [redirect, navigate]);

  // The URL follows the step the server answered; a URL typed or reached by Back in the browser opens that step.
  useEffect(() => {
    if (step && state.matches('editing') && route !== step.route && route !== step.step) {
      navigate(`/enrollment/${step.route}`, { replace: false });
    }
  }, [step, state, route, navigate]);
  useEffect(() => {
    if (step && state.matches('editing') && route !== step.route) send({ type: 'OPEN', route });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);

  if (state.matches('failed')) {
    return (
      <p role="alert" className="error">
        {failure}
      </p>
    );
  }
  if (!step) return <p>Loading…</p>;
  const busy = state.matches('submitting') || state.matches('loading');
  // Messages for a field of the form are shown under it; the rest (the whole step, a field the form does not draw)
  // above the form. A field may be one a condition adds (Billing's card fields) or sit inside a list.
  const drawn = new Set(Object.keys(everyProperty(step.schema)));
  const general = errors?.fields.filter(
    (f) => f.target_element !== 'email' && (!f.target_element || !drawn.has(f.target_element.split('.')[0])),
  );
  const emailError = errors?.messageFor('email');

  return (
    <>
      <ProgressBar steps={step.progress.steps} />
      <h1>{step.title}</h1>
      {general && general.length > 0 && (
        <div role="alert" className="error">
          {general.map((g) => (
            <p key={g.error_message}>{g.error_message}</p>
          ))}
        </div>
      )}
      <div className={step.summary ? 'review-layout' : undefined}>
        <div>
          {step.summary?.sections.map((s) => (
            <section key={s.step} className="card review-card" aria-labelledby={`card-${s.step}`}>
              <h2 id={`card-${s.step}`}>
                {s.number}. {s.title}
              </h2>
              <button type="button" onClick={() => setViewing(s)}>
                View Details<span className="visually-hidden"> of {s.title}</span>
              </button>{' '}
              <button type="button" onClick={() => send({ type: 'EDIT', target: s.step })}>
                Edit Details<span className="visually-hidden"> of {s.title}</span>
              </button>
            </section>
          ))}
          <SchemaForm
            id={`${step.step}-${step.version}`}
            schema={step.schema}
            uiSchema={step.uiSchema}
            formData={step.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onChange={(formData) => {
              current.current = formData;
            }}
            onSubmit={(formData) => send({ type: 'SUBMIT', formData })}
            context={{ enrollmentId, holdNext: setHeldBy }}
          >
            <div className="buttons">
              {step.actions.includes('back') && (
                <button type="button" onClick={() => send({ type: 'BACK' })} disabled={busy}>
                  Back
                </button>
              )}
              {step.actions.includes('save-for-later') && (
                <button type="button" onClick={() => setAskingEmail(true)} disabled={busy}>
                  Save &amp; Continue Later
                </button>
              )}
              <button type="submit" className="primary" disabled={busy || heldBy !== null} title={heldBy ?? 'Click to continue enrollment'}>
                Next
              </button>
            </div>
          </SchemaForm>
        </div>
        {step.summary && (
          <aside aria-labelledby="summary-heading" className="order-info">
            <h2 id="summary-heading">Your plans</h2>
            <ul>
              {step.summary.cart.lines.map((l) => (
                <li key={l.plan_name}>
                  {l.plan_name}: {money(l.price)}
                </li>
              ))}
            </ul>
            <dl>
              <dt>First Month Total Cost</dt>
              <dd>{money(step.summary.cart.initial_month_cost)}</dd>
              <dt>Recurring Monthly Cost</dt>
              <dd>{money(step.summary.cart.recurring_month_cost)}</dd>
            </dl>
          </aside>
        )}
      </div>
      <Modal
        title="Review & Confirmation"
        open={step.step === 'review_info' && errors !== null && errors.statusCode !== 422 && reviewFailureSeen !== errors}
      >
        <p role="alert">Something went wrong. Please save your enrollment.</p>
        <div className="buttons">
          <button
            type="button"
            className="primary"
            onClick={() => {
              setReviewFailureSeen(errors);
              setAskingEmail(true);
            }}
          >
            Save and Continue Later
          </button>
          <button type="button" onClick={() => setReviewFailureSeen(errors)}>
            Close
          </button>
        </div>
      </Modal>
      <Modal title="Save & Continue Later" open={askingEmail || saved !== null}>
        {saved ? (
          <>
            <p role="status">{saved}</p>
            <button type="button" className="primary" onClick={() => navigate('/')}>
              Done
            </button>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SAVE_LATER', formData: current.current, email });
            }}
          >
            <label htmlFor="alternate-email">Please enter the alternate email you want to send Enrollment code to?</label>
            <input
              id="alternate-email"
              type="email"
              className="form-control"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'alternate-email-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            {emailError && (
              <p id="alternate-email-error" className="error">
                {emailError}
              </p>
            )}
            <div className="buttons">
              <button type="button" onClick={() => setAskingEmail(false)}>
                Back
              </button>
              <button type="submit" className="primary" disabled={busy}>
                Send Code
              </button>
            </div>
          </form>
        )}
      </Modal>
      <Modal title={viewing?.title ?? ''} open={viewing !== null}>
        <dl>
          {viewing?.rows.map((r) => (
            <div key={r.label}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
        <button type="button" onClick={() => setViewing(null)}>
          Close
        </button>
      </Modal>
    </>
  );
}
