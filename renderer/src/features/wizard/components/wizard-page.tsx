import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { everyProperty } from '../../../components/messages';
import { ProgressBar } from '../../../components/progress-bar';
import { SchemaForm, drawnForm } from '../../../components/schema-form';
import type { ListEditorContext } from '../../../components/list-editor';
import type { Schema } from '../../../lib/api';
import { tempId } from '../../../lib/storage';
import { money } from '../../../utils/format';
import { getFieldLookup } from '../api/get-field-lookup';
import { validateListItem } from '../api/validate-list-item';
import { WizardContext } from '../machines/wizard-machine';
import { ReviewFailureDialog } from './review-failure-dialog';
import { SaveLaterDialog } from './save-later-dialog';
import { SectionDialog } from './section-dialog';

/** Every wizard step: whatever the server's step says, drawn by one form. */
export function WizardPage() {
  const id = tempId.get();
  const { route = '' } = useParams();
  if (!id) return <Navigate to="/" replace />;
  return (
    <WizardContext.Provider options={{ input: { enrollmentId: id, route } }}>
      <WizardStep enrollmentId={id} />
    </WizardContext.Provider>
  );
}

function WizardStep({ enrollmentId }: { enrollmentId: string }) {
  const { route = '' } = useParams();
  const navigate = useNavigate();
  const wizard = WizardContext.useActorRef();
  const step = WizardContext.useSelector((s) => s.context.step);
  const errors = WizardContext.useSelector((s) => s.context.errors);
  const redirect = WizardContext.useSelector((s) => s.context.redirect);
  const failure = WizardContext.useSelector((s) => s.context.failure);
  const editing = WizardContext.useSelector((s) => s.matches('editing'));
  const failed = WizardContext.useSelector((s) => s.matches('failed'));
  const busy = WizardContext.useSelector((s) => s.matches('submitting') || s.matches('loading'));
  const [viewing, setViewing] = useState<Schema<'Section'> | null>(null);
  const [askingEmail, setAskingEmail] = useState(false);
  // A list editor with an item open holds Next until the item is submitted or cancelled.
  const [heldBy, setHeldBy] = useState<string | null>(null);
  const current = useRef<Record<string, unknown>>({});

  useEffect(() => {
    current.current = (step && drawnForm(step)?.formData) ?? {};
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
    if (step && editing && route !== step.route && route !== step.step) {
      navigate(`/enrollment/${step.route}`, { replace: false });
    }
  }, [step, editing, route, navigate]);
  useEffect(() => {
    if (step && editing && route !== step.route) wizard.send({ type: 'OPEN', route });
    // Only a change of the URL opens a step; the step the server answered is followed by the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);

  if (failed) {
    return (
      <p role="alert" className="error">
        {failure}
      </p>
    );
  }
  if (!step) return <p>Loading…</p>;
  const form = drawnForm(step);
  if (!form) {
    return (
      <p role="alert" className="error">
        This step could not be loaded.
      </p>
    );
  }
  // Messages for a field of the form are shown under it; the rest (the whole step, a field the form does not draw)
  // above the form. A field may be one a condition adds (Billing's card fields) or sit inside a list.
  const drawn = new Set(Object.keys(everyProperty(form.schema)));
  const general = errors?.fields.filter(
    (f) => f.target_element !== 'email' && (!f.target_element || !drawn.has(f.target_element.split('.')[0])),
  );
  const context: ListEditorContext = {
    holdNext: setHeldBy,
    validateItem: (call, item) => validateListItem(call, { enrollment_id: enrollmentId, ...item }),
  };

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
              <button type="button" onClick={() => wizard.send({ type: 'EDIT', target: s.step })}>
                Edit Details<span className="visually-hidden"> of {s.title}</span>
              </button>
            </section>
          ))}
          <SchemaForm
            id={`${step.step}-${step.version}`}
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onChange={(formData) => {
              current.current = formData;
            }}
            onSubmit={(formData) => wizard.send({ type: 'SUBMIT', formData })}
            context={context}
            lookup={getFieldLookup}
          >
            <div className="buttons">
              {step.actions.includes('back') && (
                <button type="button" onClick={() => wizard.send({ type: 'BACK' })} disabled={busy}>
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
      <ReviewFailureDialog onSaveForLater={() => setAskingEmail(true)} />
      <SaveLaterDialog asking={askingEmail} onBack={() => setAskingEmail(false)} formData={() => current.current} />
      <SectionDialog section={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
