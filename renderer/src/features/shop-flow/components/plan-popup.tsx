import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import type { Outcome, Step, StepSource } from '../../../lib/step-machine';
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
  /** An answer was taken (the popup may go on to another step). */
  onAnswered?: () => void;
  onFinish: (answer: FlowAnswer | null, message: string | null) => void;
}

/** A refusal that sends the person to another page (the employer's site is not set up yet) ends the popup there. */
function elsewhere(error: unknown): Outcome {
  if (error instanceof ApiError && error.code === 'landing_config' && typeof error.extra.redirect === 'string') {
    return { step: null, redirect: error.extra.redirect };
  }
  throw error;
}

/** A popup the shop asks on a plan (eligibility, income, tobacco, membership, group code), answered on the server. */
export function PlanPopup({ enrollmentId, planId, start, onAnswered, onFinish }: PlanPopupProps) {
  const navigate = useNavigate();
  const source: StepSource = {
    // A popup always opens at a step the plan's page holds: there is nothing to load.
    load: () => Promise.resolve({ step: null }),
    answer: (step, _action, formData) =>
      answerShopPlanPopup({ enrollment_id: enrollmentId, plan_id: planId, step: step.step, formData }).then((answer) => {
        onAnswered?.();
        return outcomeOf(answer);
      }, elsewhere),
    reread: (step) =>
      getPlanPopups({ enrollment_id: enrollmentId, plan_id: planId }).then((flow) =>
        flow.step?.step === step.step ? flow.step : (flow.buttons.find((b) => b.step === step.step)?.view ?? null),
      ),
  };
  const finish = (outcome: Outcome | null, message: string | null) => {
    if (outcome?.redirect) navigate(outcome.redirect);
    else onFinish(answerOf(outcome), message);
  };
  return <StepDialog source={source} start={start} onFinish={finish} />;
}
