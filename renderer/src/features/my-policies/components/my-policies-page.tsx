import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
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

/** The e-mail address, then the code it was sent; refusals (a wrong code, too many tries) beside the field. */
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
        <SignInForms send={send} signIn={signIn} />
      )}
    </section>
  );
}

function SignInForms({ send, signIn }: { send: ReturnType<typeof useSendCode>; signIn: ReturnType<typeof useSignIn> }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailId, codeId, emailError, codeError] = [useId(), useId(), useId(), useId()];
  const sendFailure = send.error instanceof ApiError ? send.error : null;
  const signInFailure = signIn.error instanceof ApiError ? signIn.error : null;
  const emailWords = sendFailure?.messageFor('email') ?? sendFailure?.message;
  const codeWords = signInFailure?.messageFor('code') ?? signInFailure?.message;
  return (
    <>
      <p>{t(m.signInIntro)}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(email);
        }}
      >
        <label htmlFor={emailId}>{t(m.email)}</label>
        <input
          id={emailId}
          type="email"
          className="form-control"
          autoComplete="email"
          value={email}
          aria-invalid={emailWords ? true : undefined}
          aria-describedby={emailWords ? emailError : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {emailWords && (
          <p id={emailError} className="error" role="alert">
            {emailWords}
          </p>
        )}
        <div className="buttons">
          <button type="submit" className={send.data ? 'secondary' : 'primary'} disabled={send.isPending}>
            {send.data ? t(m.sendAgain) : t(m.send)}
          </button>
        </div>
      </form>
      {send.data && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            signIn.mutate(code);
          }}
        >
          <p role="status">{t(m.sent, { to: send.data.sent_to, minutes: send.data.minutes })}</p>
          <label htmlFor={codeId}>{t(m.code)}</label>
          <input
            id={codeId}
            className="form-control"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={codeWords ? true : undefined}
            aria-describedby={codeWords ? codeError : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          {codeWords && (
            <p id={codeError} className="error" role="alert">
              {codeWords}
            </p>
          )}
          <div className="buttons">
            <button type="submit" className="primary" disabled={signIn.isPending}>
              {t(m.signIn)}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
