import type { Schema } from '../../../lib/api';

type Member = Schema<'MemberRow'>;

/** A member's plans: the active ones plainly, any other written with its status (and in red). */
function Plans({ plans }: { plans: Member['plan_info'] }) {
  if (plans.length === 0) return <span className="muted">No plans</span>;
  return (
    <ul className="member-plans">
      {plans.map((p) =>
        p.plan_status === 'ACTIVE' ? (
          <li key={p.plan}>{p.plan_name}</li>
        ) : (
          <li key={p.plan} className="plan-inactive">
            {p.plan_name} ({p.plan_status})
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

const COLUMNS = ['Name', 'Date of Birth', 'E-mail', 'SSN', 'Group', 'Plans'];

/**
 * The members of one page. On a narrow screen each row stands as a card with the column's name beside each value;
 * the explicit roles keep it a table for assistive technology when CSS changes how it is laid out.
 */
export function MembersTable({ caption, members, onEnroll }: { caption: string; members: Member[]; onEnroll: (member: Member) => void }) {
  return (
    <table className="members-table" role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((c) => (
            <th key={c} scope="col" role="columnheader">
              {c}
            </th>
          ))}
          <th scope="col" role="columnheader">
            <span className="visually-hidden">Enroll</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {members.map((m) => {
          const nameId = `member-${m.user_id}-name`;
          return (
            <tr key={m.user_id} role="row">
              <th scope="row" role="rowheader" id={nameId} data-label="Name">
                {m.name}
              </th>
              <td role="cell" data-label="Date of Birth" className="member-nowrap">
                {m.dob}
              </td>
              <td role="cell" data-label="E-mail" className="member-email">
                <Email address={m.email} />
              </td>
              <td role="cell" data-label="SSN" className="member-nowrap">
                {m.ssn}
              </td>
              <td role="cell" data-label="Group">
                {m.group_info.group_name ?? <span className="muted">No group</span>}
              </td>
              <td role="cell" data-label="Plans">
                <Plans plans={m.plan_info} />
              </td>
              <td role="cell" className="member-action">
                <button type="button" className="primary" aria-describedby={nameId} onClick={() => onEnroll(m)}>
                  Enroll Now
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
