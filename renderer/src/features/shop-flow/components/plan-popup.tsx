import type { Step, StepSource } from '../../../lib/step-machine';
import type { FlowAnswer } from '../../../types/api';
import { answerShopPlanPopup } from '../api/answer-shop-plan-popup';
import { getPlanPopups } from '../api/get-plan-popups';
import { answerOf, outcomeOf } from '../utils/flow-source';
import { StepDialog } from './lazy-step-dialog';

export interface PlanPopupProps {
  enrollmentId: string;
  planId: string;
  /** The popup to open: the one the plan opens by itself, or one a button opens (Enroll Now). */
  start: Step;
  onFinish: (answer: FlowAnswer | null, message: string | null) => void;
}

/** A popup the shop asks on a plan (eligibility, income, tobacco, membership, group code), answered on the server. */
export function PlanPopup({ enrollmentId, planId, start, onFinish }: PlanPopupProps) {
  const source: StepSource = {
    // A popup always opens at a step the plan's page holds: there is nothing to load.
    load: () => Promise.resolve({ step: null }),
    answer: (step, _action, formData) =>
      answerShopPlanPopup({ enrollment_id: enrollmentId, plan_id: planId, step: step.step, formData }).then(outcomeOf),
    reread: (step) =>
      getPlanPopups({ enrollment_id: enrollmentId, plan_id: planId }).then((flow) =>
        flow.step?.step === step.step ? flow.step : (flow.buttons.find((b) => b.step === step.step)?.view ?? null),
      ),
  };
  return <StepDialog source={source} start={start} onFinish={(outcome, message) => onFinish(answerOf(outcome), message)} />;
}
