import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { policyQuery, useEndPlan, type Policy } from '../api/policy';
import { m } from '../messages';
import { ReasonForm } from './reason-form';
import { AddPerson } from './add-person';
import { ChangeContact } from './change-contact';
import { ChangeName } from './change-name';
import { ChangePayment } from './change-payment';
import { ChoosePlan } from './choose-plan';
import { RemovePerson } from './remove-person';
import { ReportLifeEvent } from './report-life-event';
import { EventProof } from './event-proof';

type PolicyPlan = Policy['plans'][number];

const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>;

/**
 * The application as a policy, after the sale: each plan's standing and dates, ending a plan at the end of the month
 * (asked why), and the changes made, with who asked. The rep who enrolled the applicant reads it of them by name.
 */
export function PolicyPlans({ enrollmentId, receipt }: { enrollmentId: string; receipt: Schema<'Receipt'> }) {
  const t = useT();
  const policy = useQuery(policyQuery(enrollmentId)).data;
  const [ending, setEnding] = useState<PolicyPlan | null>(null);
  if (!policy || policy.plans.length === 0) return null;
  const rep = receipt.reader === 'rep';
  return (
    <section aria-labelledby="coverage-heading" className="receipt-coverage">
      <h2 id="coverage-heading">{rep ? t(m.repCoverageHeading, { name: receipt.name }) : t(m.coverageHeading)}</h2>
      <ul className="policy-plans">
        {policy.plans.map((plan) => (
          <li key={plan.plan_id} data-status={plan.status}>
            <PlanLine plan={plan} />
            {plan.may_end_on && (
              <button type="button" className="button no-print" onClick={() => setEnding(plan)}>
                <Message of={m.endPlan} values={{ plan: plan.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {policy.monthly && (
        <p className="policy-monthly">
          <Message of={m.monthlyTotal} values={{ ...policy.monthly, strong }} />
        </p>
      )}
      {policy.changes.length > 0 && (
        <>
          <h3>{t(m.changesHeading)}</h3>
          <ul className="policy-changes">
            {policy.changes.map((c) => (
              <li key={c.requested_at} data-status={c.status}>
                {t(c.reason ? m.changeLine : m.changeLineAsked, { what: c.what, by: c.requested_by, reason: c.reason })}
                {c.status === 'waiting_for_proof' && <> {t(m.changeWaiting)}</>}
                {c.status === 'refused' && <> {t(m.changeRefused)}</>}
              </li>
            ))}
          </ul>
        </>
      )}
      {policy.events.length > 0 && (
        <>
          <h3>{t(m.eventsHeading)}</h3>
          <ul className="policy-changes">
            {policy.events.map((event) => (
              <li key={event.life_event_id}>
                {t(m.eventLine, { title: event.title, date: event.event_date, until: event.window_closes })}
                <EventProof enrollmentId={enrollmentId} event={event} />
              </li>
            ))}
          </ul>
        </>
      )}
      {!policy.plans.every((p) => p.status === 'cancelled') && (
        <>
          <AddPerson enrollmentId={enrollmentId} />
          <RemovePerson enrollmentId={enrollmentId} />
          <ChoosePlan enrollmentId={enrollmentId} />
          <ChangeContact enrollmentId={enrollmentId} />
          <ChangeName enrollmentId={enrollmentId} />
          <ChangePayment enrollmentId={enrollmentId} />
          <ReportLifeEvent enrollmentId={enrollmentId} />
        </>
      )}
      {ending && <EndPlanDialog enrollmentId={enrollmentId} plan={ending} onClose={() => setEnding(null)} />}
    </section>
  );
}

function PlanLine({ plan }: { plan: PolicyPlan }) {
  const t = useT();
  const values = { plan: plan.plan_name, carrier: plan.carrier_name, from: plan.effective, until: plan.last_day ?? '', strong };
  const of = { pending: m.planPending, active: m.planActive, ending: m.planEnding, ended: m.planEnded, cancelled: m.planCancelled }[plan.status];
  return (
    <p>
      <Message of={of} values={values} />
      {plan.monthly_price && <span className="plan-price">{t(m.planPrice, { price: plan.monthly_price })}</span>}
    </p>
  );
}

/** Asks why, then ends the plan; a refusal is shown in the server's words beside the field it is about. */
function EndPlanDialog({ enrollmentId, plan, onClose }: { enrollmentId: string; plan: PolicyPlan; onClose: () => void }) {
  const t = useT();
  const end = useEndPlan(enrollmentId);
  const date = plan.may_end_on ?? '';
  return (
    <Modal title={t(m.endTitle, { plan: plan.plan_name })} open onClose={onClose}>
      <ReasonForm
        effect={t(m.endEffect, { date, carrier: plan.carrier_name })}
        label={t(m.endWhy)}
        confirm={t(m.endConfirm, { date })}
        keep={t(m.endKeep)}
        error={end.error}
        busy={end.isPending}
        onSubmit={(reason) => end.mutate({ planId: plan.plan_id, reason }, { onSuccess: onClose })}
        onKeep={onClose}
      />
    </Modal>
  );
}
