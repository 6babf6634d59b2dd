import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { SummaryRows } from '../../../components/summary-rows';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { ApiError, type Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { money } from '../../../utils/format';
import { invitationQuery, openToSign, signApplication } from '../api/signature-link';
import { m } from '../messages';

type ToSign = Schema<'ToSign'>;

/**
 * The link a rep sent the applicant: their date of birth opens the application read-only (the steps before the
 * agreement, the plans and their price), and they agree and sign; the link is then used up. Its own page: no cart,
 * no help chat, nothing of the shop a person who was sent a link would not expect.
 */
export function SigningPage() {
  const { token = '' } = useParams();
  const t = useT();
  const asked = useQuery(invitationQuery(token));
  const invitation = asked.data ?? null;
  // The rep's site, which the applicant met the rep by, rather than the host's.
  const host = useSite().site?.branding.display_name;
  const brand = invitation?.site_name ?? host;
  const [refusal, setEnded] = useState<string | null>(null);
  const ended = refusal ?? (asked.error ? (asked.error instanceof ApiError ? asked.error.message : t(m.linkFailed)) : null);
  const [birthdate, setBirthdate] = useState('');
  const [toSign, setToSign] = useState<ToSign | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);

  // A refusal that ends the link (too many wrong dates, signed meanwhile) replaces the page; one about a field is
  // shown beside it.
  const refused = (e: unknown) => {
    if (e instanceof ApiError && e.fields.length > 0) setError(e);
    else setEnded(e instanceof ApiError ? e.message : t(m.linkFailed));
  };
  const open = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    openToSign(token, birthdate).then(setToSign, refused).finally(() => setBusy(false));
  };
  const sign = (formData: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    signApplication(token, birthdate, formData).then((done) => setThanks(done.message), refused).finally(() => setBusy(false));
  };

  let body;
  if (thanks) {
    body = (
      <>
        <h2>{t(m.doneHeading)}</h2>
        <p role="status">{thanks}</p>
        <p>{t(m.doneNext)}</p>
      </>
    );
  } else if (ended) {
    body = <p role="alert">{ended}</p>;
  } else if (!invitation) {
    body = <p role="status">{t(m.opening)}</p>;
  } else if (!toSign) {
    const problem = error?.messageFor('birthdate');
    body = (
      <form className="card signing-open" onSubmit={open} noValidate>
        <p>{invitation.first_name ? t(m.greeting, { name: invitation.first_name, rep: invitation.rep_name }) : t(m.greetingNoName, { rep: invitation.rep_name })}</p>
        <p>{t(m.birthdateIntro)}</p>
        <label htmlFor="signing-birthdate">{t(m.birthdate)}</label>
        <input
          id="signing-birthdate"
          inputMode="numeric"
          autoComplete="bday"
                    value={birthdate}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'signing-birthdate-error' : undefined}
          onChange={(e) => setBirthdate(e.target.value)}
        />
        {problem && (
          <p id="signing-birthdate-error" className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy || birthdate.trim() === ''}>
          {t(m.open)}
        </button>
      </form>
    );
  } else {
    body = (
      <>
        <p>{t(m.readIntro, { rep: toSign.rep_name })}</p>
        <h2>{t(m.applicationHeading)}</h2>
        {toSign.sections.map((s) => (
          <section key={s.step} className="card review-card" aria-labelledby={`signing-${s.step}`}>
            <h3 id={`signing-${s.step}`}>{s.title}</h3>
            <SummaryRows rows={s.rows} />
          </section>
        ))}
        <section className="card" aria-labelledby="signing-plans">
          <h3 id="signing-plans">{t(m.plansHeading)}</h3>
          <ul className="order-lines">
            {toSign.cart.lines.map((l) => (
              <li key={l.plan_name}>
                <span>{l.plan_name}</span> <strong>{money(l.price)}</strong>
              </li>
            ))}
          </ul>
          <dl>
            <dt>{t(m.firstMonth)}</dt>
            <dd>{money(toSign.cart.initial_month_cost)}</dd>
            <dt>{t(m.monthly)}</dt>
            <dd>{money(toSign.cart.recurring_month_cost)}</dd>
          </dl>
        </section>
        <h2>{t(m.signHeading)}</h2>
        <SchemaForm
          id="remote-signing"
          schema={toSign.schema}
          uiSchema={toSign.uiSchema}
          formData={toSign.formData}
          extraErrors={error?.errorSchema()}
          disabled={busy}
          onSubmit={sign}
        >
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {busy ? t(m.signing) : t(m.sign)}
            </button>
          </div>
        </SchemaForm>
      </>
    );
  }
  return (
    <main id="main" className="signing-page">
      {brand && <p className="signing-brand">{brand}</p>}
      <h1>{t(m.title)}</h1>
      {body}
    </main>
  );
}
