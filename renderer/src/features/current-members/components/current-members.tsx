import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { failureWords } from '../../../components/query-state';
import { ApiError, type Schema } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { Message, useT } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { addFilterForExistingUser } from '../api/add-filter-for-existing-user';
import { membersQuery } from '../api/get-agent-members';
import { m } from '../messages';
import { MembersTable } from './members-table';
import { Pager } from './pager';
import { RepSignIn } from './rep-sign-in';
import { TierDialog } from './tier-dialog';
import '../current-members.css';

type Member = Schema<'MemberRow'>;

/** Rows per page (the spec's business constant). */
const PAGE_SIZE = 5;

/** Whether the member's name, e-mail, group or one of their plans contains what was typed (any case). */
function matches(member: Member, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [member.name, member.email, member.group_info.group_name ?? '', ...member.plan_info.map((p) => p.plan_name)].some((text) =>
    text.toLowerCase().includes(q),
  );
}

/**
 * Current members: a rep's own (kind agent) or the group's (kind group), searched and paged five at a time. Enroll Now
 * asks the tier and starts a new quote for the member, then the plans.
 */
export function CurrentMembers({ kind }: { kind: 'agent' | 'group' }) {
  const { site } = useSite();
  const navigate = useNavigate();
  const cart = useCartCount();
  const client = useQueryClient();
  const t = useT();
  const read = useQuery(membersQuery(kind));
  const members = useMemo(() => (read.isError ? [] : (read.data ?? null)), [read.isError, read.data]);
  // The members' read or Enroll Now may be refused: a rep who came in by the public access code is asked to sign in
  // (401, with why), anyone else is told they may not see them (403).
  const [enrollRefusal, setEnrollRefusal] = useState<ApiError | null>(null);
  const refusal = enrollRefusal ?? (read.error instanceof ApiError ? read.error : null);
  const signIn = refusal?.statusCode === 401 ? refusal.message : null;
  const forbidden = refusal?.statusCode === 403 ? refusal.message : null;
  const loadError = read.isError && !signIn && !forbidden ? failureWords(read.error, t) : null;
  const [params] = useSearchParams();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [enrolling, setEnrolling] = useState<Member | null>(null);
  const search = useRef<HTMLInputElement>(null);
  // Where a rep dashboard's sign-in link that did not work leads (the server sends the person here).
  const linkFailed = params.get('sign-in') === 'link-failed';

  const found = useMemo(() => (members ?? []).filter((m) => matches(m, query)), [members, query]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const home = site?.home_link || (kind === 'agent' ? '/agent-home' : '/group-home');

  const enroll = async (member: Member, tier: string) => {
    try {
      const quote = await addFilterForExistingUser({ user_id: member.user_id, tier, policy_id: member.policy_id ?? '' });
      tempId.set(quote.temp_enrollment_id);
      localStorage.setItem('enroll_type', 'existing-member');
      localStorage.setItem('isCurrentMemberAvailable', 'true');
      localStorage.setItem('isFilterDataSubmitted', 'true');
      cart.refresh();
      navigate('/plans');
    } catch (e) {
      if (e instanceof ApiError && (e.statusCode === 403 || e.statusCode === 401)) {
        setEnrolling(null);
        setEnrollRefusal(e);
        return;
      }
      throw e;
    }
  };

  return (
    <div className="current-members">
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={m.breadcrumbTrail}
          values={{ home: (chunks) => <Link to={home}>{chunks}</Link>, here: (chunks) => <span aria-current="page">{chunks}</span> }}
        />
      </nav>
      <h1>{t(m.title)}</h1>

      {signIn ? (
        <RepSignIn linkFailed={linkFailed} onSignedIn={() => {
            setEnrollRefusal(null);
            void client.invalidateQueries({ queryKey: membersQuery(kind).queryKey });
          }} />
      ) : forbidden ? (
        <div role="alert" className="members-forbidden">
          {linkFailed && <p>{t(m.linkFailed)}</p>}
          <p>{forbidden}</p>
          <Link to={home}>{t(m.backHome)}</Link>
        </div>
      ) : (
        <>
          <div className="members-search">
            <label htmlFor="members-search" className="control-label">
              {t(m.search)}
            </label>
            <input
              ref={search}
              id="members-search"
              type="search"
              className="form-control"
              value={query}
              aria-describedby="members-search-hint"
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(1);
              }}
            />
            <p id="members-search-hint" className="hint">
              {t(m.searchHint)}
            </p>
          </div>

          {loadError && (
            <p role="alert" className="error">
              {loadError}
            </p>
          )}

          <p className="members-count" role="status">
            {members === null
              ? t(m.loading)
              : found.length === 0
                ? null
                : t(m.showing, { from: (current - 1) * PAGE_SIZE + 1, to: (current - 1) * PAGE_SIZE + shown.length, count: found.length })}
          </p>

          {members !== null && members.length === 0 && !loadError && (
            <div className="members-empty">
              <p>{t(m.none)}</p>
              <Link to={home}>{t(m.enrollNew)}</Link>
            </div>
          )}
          {members !== null && members.length > 0 && found.length === 0 && (
            <div className="members-empty">
              <p>{t(m.noMatch, { query: query.trim() })}</p>
              <button
                type="button"
                onClick={() => {
                  setQuery('');
                  search.current?.focus();
                }}
              >
                {t(m.clearSearch)}
              </button>
            </div>
          )}

          {shown.length > 0 && (
            <MembersTable
              caption={kind === 'agent' ? t(m.yourMembers) : site?.group?.name != null ? t(m.membersOf, { name: site.group.name }) : t(m.membersOfYourGroup)}
              members={shown}
              onEnroll={setEnrolling}
            />
          )}
          <Pager page={current} pages={found.length === 0 ? 0 : pages} onPage={setPage} />
        </>
      )}

      <TierDialog key={enrolling?.user_id ?? 'none'} member={enrolling} onClose={() => setEnrolling(null)} enroll={enroll} />
    </div>
  );
}
