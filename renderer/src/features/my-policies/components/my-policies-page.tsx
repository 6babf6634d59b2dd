import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CodeSignInForms } from '../../../components/code-sign-in';
import { Failed, Pending } from '../../../components/query-state';
import { useT } from '../../../lib/i18n';
import { tempId } from '../../../lib/storage';
import { myPoliciesQuery, useSendCode, useSignIn, type PolicySummary } from '../api/my-policies';
import { m } from '../messages';

/**
 * A member's policies after the sale, on any browser: those bought in this one, and, once the member signs in with a
 * code e-mailed to the address their applications gave, every policy of that address (a rep's enrollments of them
 * too). Each opens its receipt, where plans are ended, life events reported and people added.
 */
export function MyPoliciesPage() {
  const t = useT();
  const policies = useQuery(myPoliciesQuery);
  if (policies.isError) return <Failed query={policies} />;
  if (!policies.data) return <Pending />;
  return (
    <section className="my-policies" aria-labelledby="my-policies-heading">
      <h1 id="my-policies-heading">{t(m.title)}</h1>
      {policies.data.length === 0 ? <p>{t(m.none)}</p> : <PolicyList policies={policies.data} />}
      <SignIn />
    </section>
  );
}

function PolicyList({ policies }: { policies: PolicySummary[] }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ul className="policy-list">
      {policies.map((p) => (
        <li key={p.enrollment_id} className="card">
          <h2>{t(m.policy, { number: p.policy_id })}</h2>
          <p>{t(m.from, { date: p.effective })}</p>
          <p>{t(m.plans, { plans: p.plans.join(', ') })}</p>
          <p>{t(m.covered, { people: p.covered.join(', ') })}</p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              tempId.set(p.enrollment_id);
              navigate('/enrollment/receipt');
            }}
          >
            {t(m.open, { number: p.policy_id })}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The e-mail address, then the code it was sent. */
function SignIn() {
  const t = useT();
  const send = useSendCode();
  const signIn = useSignIn();
  return (
    <section aria-labelledby="member-sign-in-heading" className="card member-sign-in">
      <h2 id="member-sign-in-heading">{t(m.signInHeading)}</h2>
      {signIn.data ? (
        <p role="status">{t(m.signedIn, { count: signIn.data.policies })}</p>
      ) : (
        <CodeSignInForms send={send} signIn={signIn} words={{ intro: m.signInIntro, sent: m.sent, submit: m.signIn }} />
      )}
    </section>
  );
}
