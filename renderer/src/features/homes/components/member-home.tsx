import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { ServerSchemaForm } from '../../../components/server-schema-form';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { useCartCount } from '../../../lib/cart-count';
import { useChangeQuote } from '../../../lib/quote';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { filterFormQuery } from '../../../lib/filter-form';
import { m } from '../messages';
import '../homes.css';

/**
 * The member's home (after their member link): the quote's tier asked alone (the server's `tier` step: its choices,
 * where it starts, Member Only unless chosen, and none with a premier plan in the cart, whose children tier reads
 * 'Member + 1 Child'), saved on their quote, then the plans.
 */
export function MemberHome() {
  const { site, refresh } = useSite();
  const navigate = useNavigate();
  const cart = useCartCount();
  const changeQuote = useChangeQuote();
  // The member link opens the store for the member without the page asking again: ask once before deciding.
  const [asked, setAsked] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const t = useT();
  const id = tempId.get();
  const read = useQuery({ ...filterFormQuery({ enrollment_id: id ?? undefined, variant: 'tier' }), enabled: Boolean(id) });

  useEffect(() => {
    void refresh().then(() => setAsked(true));
  }, [refresh]);

  if (!site || !asked) return <p className="home-loading">{t(common.loading)}</p>;
  if (!site.member) return <Navigate to="/" replace />;

  const submit = async (answers: Record<string, unknown>) => {
    if (!id) return;
    setRefusal(null);
    try {
      await changeQuote.mutateAsync({ enrollmentId: id, body: answers });
      cart.refresh();
      navigate('/plans');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setRefusal(err);
    }
  };

  return (
    <div className="home">
      <section className="home-hero">
        <h1>{t(m.welcome, { name: `${site.member.first_name} ${site.member.last_name}` })}</h1>
        <p className="home-hero-detail">{t(m.memberHint)}</p>
      </section>
      <div className="home-step home-card home-narrow">
        {!id ? (
          <p className="error" role="alert">
            {t(m.quoteNotFound)}
          </p>
        ) : (
          <QueryState query={read}>
            {(step) => (
              <ServerSchemaForm
                id="member-tier"
                schema={step.schema}
                uiSchema={step.uiSchema}
                formData={step.formData}
                extraErrors={refusal?.errorSchema()}
                disabled={changeQuote.isPending}
                onSubmit={(answers) => void submit(answers)}
              >
                {refusal && !refusal.messageFor('tier') && <p className="error" role="alert">{refusal.message}</p>}
                <div className="buttons">
                  <button type="submit" className="primary" disabled={changeQuote.isPending}>
                    {step.actions.find((a) => a.action === 'next')?.label}
                  </button>
                </div>
              </ServerSchemaForm>
            )}
          </QueryState>
        )}
      </div>
    </div>
  );
}
