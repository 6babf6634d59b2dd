import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { repSignIn } from '../api/rep-sign-in';
import { sendRepSignInCode } from '../api/send-rep-sign-in-code';

/**
 * A rep who came in by the public access code signs in before seeing members: a one-time code goes to the rep's e-mail
 * on file (the page says where, masked), and the code typed here signs the rep in. The rep dashboard's sign-in link
 * is the other way in; `linkFailed` says that link did not work.
 */
export function RepSignIn({ linkFailed, onSignedIn }: { linkFailed: string | null; onSignedIn: () => void }) {
  const [sentTo, setSentTo] = useState<{ to: string; minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [noRep, setNoRep] = useState(false);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const sent = await sendRepSignInCode();
      setSentTo({ to: sent.sent_to, minutes: sent.minutes });
      setCode('');
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 403) setNoRep(true);
      setError(e instanceof ApiError ? e.message : 'The code could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await repSignIn({ code: code.trim() });
      onSignedIn();
    } catch (e) {
      setError((e instanceof ApiError && (e.messageFor('code') ?? e.message)) || 'You could not be signed in. Please try again.');
      setBusy(false);
    }
  };

  return (
    <section className="rep-sign-in" aria-labelledby="rep-sign-in-heading">
      <h2 id="rep-sign-in-heading">Sign in to see your members</h2>
      {linkFailed && (
        <p role="alert" className="error">
          {linkFailed} Or ask for a code by e-mail below.
        </p>
      )}
      <p>
        Your Rep Access Code opens your store. Your members’ details are shown only to you, once you sign in: we e-mail a
        sign-in code to the address we have on file for you.
      </p>
      {noRep ? (
        <p>
          <Link to="/access-pagenext">Enter your Rep Access Code</Link> first, then ask for a sign-in code.
        </p>
      ) : sentTo === null ? (
        <>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="button" className="primary" onClick={() => void send()} disabled={busy}>
            E-mail me a sign-in code
          </button>
        </>
      ) : (
        <form noValidate onSubmit={(e) => void signIn(e)} className="code-form">
          <p role="status">
            We sent a 6-digit code to <strong>{sentTo.to}</strong>. It works once, for {sentTo.minutes} minutes.
          </p>
          <div className="form-group">
            <label htmlFor="sign-in-code" className="control-label">
              Sign-in code
            </label>
            <input
              id="sign-in-code"
              className="form-control"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'sign-in-code-error' : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            {error && (
              <p id="sign-in-code-error" className="error" role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="buttons">
            <button type="submit" className="primary" disabled={busy}>
              Sign in
            </button>
            <button type="button" onClick={() => void send()} disabled={busy}>
              Send a new code
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
