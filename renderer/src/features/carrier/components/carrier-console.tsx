// The carriers' console (`/carrier`): a carrier's staff, signed in by their portal's link, pick one of their plans and
// change its eligibility and health questions. What a question may say, what a change makes of the workflows and who
// may change what are the server's (domain/carrier_console); this page draws its answers.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Failed, Pending } from '../../../components/query-state';
import { carrierMeQuery, questionnairesQuery } from '../api/console';
import { PlanEditor } from './plan-editor';
import '../carrier.css';

export function CarrierConsole() {
  const [params, setParams] = useSearchParams();
  const me = useQuery({ ...carrierMeQuery, retry: false });
  const plans = useQuery({ ...questionnairesQuery, enabled: me.isSuccess });

  if (me.isPending) return <Pending />;
  if (me.isError) {
    const notSignedIn = me.error instanceof ApiError && me.error.statusCode === 401;
    if (!notSignedIn) return <Failed query={me} />;
    return (
      <main className="carrier-console narrow">
        <h1>Carrier console</h1>
        {params.get('sign-in') === 'link-failed' && (
          <p role="alert" className="form-error">
            This sign-in link has expired or was already used. Please ask your carrier portal for a new one.
          </p>
        )}
        <p>{me.error.message}</p>
      </main>
    );
  }
  const chosen = Number(params.get('plan')) || plans.data?.[0]?.plan_id;
  const plan = plans.data?.find((p) => p.plan_id === chosen);
  return (
    <main className="carrier-console">
      <header className="console-header">
        <h1>Questions of {me.data.carrier_name}&rsquo;s plans</h1>
        <p className="hint">Signed in as {me.data.staff_name}</p>
      </header>
      {plans.isError ? (
        <Failed query={plans} />
      ) : !plans.data ? (
        <Pending />
      ) : (
        <div className="console-layout">
          <nav aria-label="Plans" className="console-plans">
            <h2>Plans</h2>
            <ul>
              {plans.data.map((p) => (
                <li key={p.plan_id}>
                  <button
                    type="button"
                    className="text-button"
                    aria-current={p.plan_id === plan?.plan_id ? 'true' : undefined}
                    onClick={() => setParams({ plan: String(p.plan_id) })}
                  >
                    {p.plan_name}
                    <span className="hint"> · {asks(p)}</span>
                    {p.draft && <span className="badge">Draft</span>}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {plan ? <PlanEditor key={plan.plan_id} plan={plan} /> : <p>This carrier has no plans.</p>}
        </div>
      )}
    </main>
  );
}

/** What a plan asks now, in a few words. */
function asks(plan: { published: { eligibility?: { questions: unknown[] } | null; health?: { questions: unknown[] } | null } }): string {
  const eligibility = plan.published.eligibility?.questions.length ?? 0;
  const health = plan.published.health?.questions.length ?? 0;
  if (!eligibility && !health) return 'no questions';
  return [eligibility && `${eligibility} eligibility`, health && `${health} health`].filter(Boolean).join(', ') + ' questions';
}
