import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { repSignIn } from '../api/rep-sign-in';
import { sendRepSignInCode } from '../api/send-rep-sign-in-code';
import { m } from '../messages';

/**
 * A rep who came in by the public access code signs in before seeing members: a one-time code goes to the rep's e-mail
 * on file (the page says where, masked), and the code typed here signs the rep in. The rep dashboard's sign-in link
 * is the other way in; `linkFailed` says that link did not work.
 */
export function RepSignIn({ linkFailed, onSignedIn }: { linkFailed: boolean; onSignedIn: () => void }) {
  const [sentTo, setSentTo] = useState<{ to: string; minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [noRep, setNoRep] = useState(false);
  const t = useT();

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const sent = await sendRepSignInCode();
      setSentTo({ to: sent.sent_to, minutes: sent.minutes });
      setCode('');
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 403) setNoRep(true);
      setError(e instanceof ApiError ? e.message : t(m.codeNotSent));
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
      setError((e instanceof ApiError && (e.messageFor('code') ?? e.message)) || t(m.notSignedIn));
      setBusy(false);
    }
  };

  return (
    <section className="rep-sign-in" aria-labelledby="rep-sign-in-heading">
      <h2 id="rep-sign-in-heading">{t(m.signInTitle)}</h2>
      {linkFailed && (
        <p role="alert" className="error">
          {t(m.linkFailedOrAsk)}
        </p>
      )}
      <p>{t(m.signInWhy)}</p>
      {noRep ? (
        <p>
          <Message of={m.accessCodeFirst} values={{ link: (chunks) => <Link to="/access-pagenext">{chunks}</Link> }} />
        </p>
      ) : sentTo === null ? (
        <>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="button" className="primary" onClick={() => void send()} disabled={busy}>
            {t(m.emailMeACode)}
          </button>
        </>
      ) : (
        <form noValidate onSubmit={(e) => void signIn(e)} className="code-form">
          <p role="status">
            <Message of={m.codeSent} values={{ to: sentTo.to, minutes: sentTo.minutes, strong: (chunks) => <strong>{chunks}</strong> }} />
          </p>
          <div className="form-group">
            <label htmlFor="sign-in-code" className="control-label">
              {t(m.signInCode)}
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
              {t(m.signIn)}
            </button>
            <button type="button" onClick={() => void send()} disabled={busy}>
              {t(m.sendNewCode)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
