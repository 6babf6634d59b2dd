import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

type Member = Schema<'MemberRow'>;

/** A member's plans: the active ones plainly, any other written with its status (and in red). */
function Plans({ plans }: { plans: Member['plan_info'] }) {
  const t = useT();
  if (plans.length === 0) return <span className="muted">{t(m.noPlans)}</span>;
  return (
    <ul className="member-plans">
      {plans.map((p) =>
        p.plan_status === 'ACTIVE' ? (
          <li key={p.plan}>{p.plan_name}</li>
        ) : (
          <li key={p.plan} className="plan-inactive">
            {t(m.planWithStatus, { plan: p.plan_name, status: p.plan_status })}
          </li>
        ),
      )}
    </ul>
  );
}

/** An e-mail address that may break after its @ rather than anywhere. */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

const COLUMNS = [m.name, m.dateOfBirth, m.email, m.ssn, m.group, m.plans];

/**
 * The members of one page. On a narrow screen each row stands as a card with the column's name beside each value;
 * the explicit roles keep it a table for assistive technology when CSS changes how it is laid out.
 */
export function MembersTable({ caption, members, onEnroll }: { caption: string; members: Member[]; onEnroll: (member: Member) => void }) {
  const t = useT();
  return (
    <table className="members-table" role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((c) => (
            <th key={c.id} scope="col" role="columnheader">
              {t(c)}
            </th>
          ))}
          <th scope="col" role="columnheader">
            <span className="visually-hidden">{t(m.enroll)}</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {members.map((member) => {
          const nameId = `member-${member.user_id}-name`;
          return (
            <tr key={member.user_id} role="row">
              <th scope="row" role="rowheader" id={nameId} data-label={t(m.name)}>
                {member.name}
              </th>
              <td role="cell" data-label={t(m.dateOfBirth)} className="member-nowrap">
                {member.dob}
              </td>
              <td role="cell" data-label={t(m.email)} className="member-email">
                <Email address={member.email} />
              </td>
              <td role="cell" data-label={t(m.ssn)} className="member-nowrap">
                {member.ssn}
              </td>
              <td role="cell" data-label={t(m.group)}>
                {member.group_info.group_name ?? <span className="muted">{t(m.noGroup)}</span>}
              </td>
              <td role="cell" data-label={t(m.plans)}>
                <Plans plans={member.plan_info} />
              </td>
              <td role="cell" className="member-action">
                <button type="button" className="primary" aria-describedby={nameId} onClick={() => onEnroll(member)}>
                  {t(m.enrollNow)}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
