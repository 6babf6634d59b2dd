import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { failureWords } from '../../../components/query-state';
import { ApiError, type Schema } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { addFilterForExistingUser } from '../api/add-filter-for-existing-user';
import { membersQuery } from '../api/get-agent-members';
import { MembersTable } from './members-table';
import { Pager } from './pager';
import { RepSignIn } from './rep-sign-in';
import { TierDialog } from './tier-dialog';
import '../current-members.css';

type Member = Schema<'MemberRow'>;

/** What a rep dashboard's sign-in link that did not work leads to (the server sends the person here). */
export const LINK_FAILED = 'This sign-in link has expired or was already used. Please open a new one from your rep dashboard.';

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
  const read = useQuery(membersQuery(kind));
  const members = useMemo(() => (read.isError ? [] : (read.data ?? null)), [read.isError, read.data]);
  // The members' read or Enroll Now may be refused: a rep who came in by the public access code is asked to sign in
  // (401, with why), anyone else is told they may not see them (403).
  const [enrollRefusal, setEnrollRefusal] = useState<ApiError | null>(null);
  const refusal = enrollRefusal ?? (read.error instanceof ApiError ? read.error : null);
  const signIn = refusal?.statusCode === 401 ? refusal.message : null;
  const forbidden = refusal?.statusCode === 403 ? refusal.message : null;
  const loadError = read.isError && !signIn && !forbidden ? failureWords(read.error) : null;
  const [params] = useSearchParams();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [enrolling, setEnrolling] = useState<Member | null>(null);
  const search = useRef<HTMLInputElement>(null);

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
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={home}>Home</Link> › <span aria-current="page">Current Members</span>
      </nav>
      <h1>Current Members</h1>

      {signIn ? (
        <RepSignIn linkFailed={params.get('sign-in') === 'link-failed' ? LINK_FAILED : null} onSignedIn={() => {
            setEnrollRefusal(null);
            void client.invalidateQueries({ queryKey: membersQuery(kind).queryKey });
          }} />
      ) : forbidden ? (
        <div role="alert" className="members-forbidden">
          {params.get('sign-in') === 'link-failed' && <p>{LINK_FAILED}</p>}
          <p>{forbidden}</p>
          <Link to={home}>Back to your home page</Link>
        </div>
      ) : (
        <>
          <div className="members-search">
            <label htmlFor="members-search" className="control-label">
              Search members
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
              By name, e-mail, group or plan.
            </p>
          </div>

          {loadError && (
            <p role="alert" className="error">
              {loadError}
            </p>
          )}

          <p className="members-count" role="status">
            {members === null
              ? 'Loading your members…'
              : found.length === 0
                ? ''
                : `Showing ${(current - 1) * PAGE_SIZE + 1}–${(current - 1) * PAGE_SIZE + shown.length} of ${found.length} ${found.length === 1 ? 'member' : 'members'}`}
          </p>

          {members !== null && members.length === 0 && !loadError && (
            <div className="members-empty">
              <p>You have no current members yet.</p>
              <Link to={home}>Enroll a new member</Link>
            </div>
          )}
          {members !== null && members.length > 0 && found.length === 0 && (
            <div className="members-empty">
              <p>No members match “{query.trim()}”.</p>
              <button
                type="button"
                onClick={() => {
                  setQuery('');
                  search.current?.focus();
                }}
              >
                Clear the search
              </button>
            </div>
          )}

          {shown.length > 0 && (
            <MembersTable
              caption={kind === 'agent' ? 'Your current members' : `Current members of ${site?.group?.name ?? 'your group'}`}
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
