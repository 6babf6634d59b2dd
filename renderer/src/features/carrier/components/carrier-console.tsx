// The carriers' console (`/carrier`): a carrier's staff, signed in by their portal's link, pick one of their plans and
// change its eligibility and health questions. What a question may say, what a change makes of the workflows and who
// may change what are the server's (domain/carrier_console); this page draws its answers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Message, type MessageDescriptor, useT, type Values } from '../../../lib/i18n';
import { Failed, Pending } from '../../../components/query-state';
import { carrierMeQuery, questionnairesQuery, signOut } from '../api/console';
import { m } from '../messages';
import { PlanEditor } from './plan-editor';
import '../carrier.css';

export function CarrierConsole() {
  const [params, setParams] = useSearchParams();
  // Whether a plan was chosen from the list (not opened with the page): its questions then take the focus.
  const [picked, setPicked] = useState(false);
  const me = useQuery({ ...carrierMeQuery, retry: false });
  const plans = useQuery({ ...questionnairesQuery, enabled: me.isSuccess });
  const client = useQueryClient();
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      setParams({ 'signed-out': '1' });
      void client.resetQueries({ queryKey: ['carrier'] });
    },
  });
  const t = useT();

  if (me.isPending) return <Pending />;
  if (me.isError) {
    const notSignedIn = me.error instanceof ApiError && me.error.statusCode === 401;
    if (!notSignedIn) return <Failed query={me} />;
    return (
      <main className="carrier-console narrow">
        <h1>{t(m.title)}</h1>
        {params.get('sign-in') === 'link-failed' && (
          <p role="alert" className="form-error">
            {t(m.linkFailed)}
          </p>
        )}
        {params.get('signed-out') ? <p role="status">{t(m.signedOut)}</p> : <p>{me.error.message}</p>}
      </main>
    );
  }
  const chosen = Number(params.get('plan')) || plans.data?.[0]?.plan_id;
  const plan = plans.data?.find((p) => p.plan_id === chosen);
  return (
    <>
      {/* The console's own frame: the carrier's, not the shop's (no cart, no plans menu, no help chat). */}
      <header className="console-frame">
        <p className="console-brand">
          <Message of={m.frameBrand} values={{ carrier: me.data.carrier_name, strong: (chunks) => <strong>{chunks}</strong> }} />
        </p>
        <p className="console-who">
          {t(m.signedInAs, { name: me.data.staff_name })}
          <button type="button" className="text-button" disabled={leave.isPending} onClick={() => leave.mutate()}>
            {t(m.signOut)}
          </button>
        </p>
      </header>
      <main className="carrier-console">
      <div className="console-header">
        <h1>{t(m.heading, { carrier: me.data.carrier_name })}</h1>
      </div>
      {plans.isError ? (
        <Failed query={plans} />
      ) : !plans.data ? (
        <Pending />
      ) : (
        <div className="console-layout">
          <nav aria-label={t(m.plans)} className="console-plans">
            <h2>{t(m.plans)}</h2>
            <ul>
              {plans.data.map((p) => (
                <li key={p.plan_id}>
                  <button
                    type="button"
                    className="text-button"
                    aria-current={p.plan_id === plan?.plan_id ? 'true' : undefined}
                    onClick={() => {
                      setParams({ plan: String(p.plan_id) });
                      setPicked(true);
                    }}
                  >
                    <Message of={m.planButton} values={{ name: p.plan_name, asks: asks(p, t), hint: (chunks) => <span className="hint">{chunks}</span> }} />
                    {p.draft && <span className="badge">{t(m.draft)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {plan ? <PlanEditor key={plan.plan_id} plan={plan} takeFocus={picked} /> : <p>{t(m.noPlans)}</p>}
        </div>
      )}
      </main>
    </>
  );
}

/** What a plan asks now, in a few words. */
function asks(
  plan: { published: { eligibility?: { questions: unknown[] } | null; health?: { questions: unknown[] } | null } },
  t: (message: MessageDescriptor, values?: Values) => string,
): string {
  const eligibility = plan.published.eligibility?.questions.length ?? 0;
  const health = plan.published.health?.questions.length ?? 0;
  if (eligibility && health) return t(m.asksBoth, { eligibility, health });
  if (eligibility) return t(m.asksEligibility, { count: eligibility });
  if (health) return t(m.asksHealth, { count: health });
  return t(m.asksNone);
}
