import type { StepActionName, StepSource } from '../../../lib/step-machine';
import { answerShopOffer } from '../api/answer-shop-offer';
import { getShopCheckout } from '../api/get-shop-checkout';
import { outcomeOf } from '../utils/flow-source';
import { StepDialog } from './lazy-step-dialog';

export interface CheckoutFlowProps {
  enrollmentId: string;
  effectiveDate: string;
  /** An upsell was answered: an accepted one is in the cart now. */
  onAnswered: () => void;
  /** The confirmation's choices, which the cart takes itself: rep, member, back. */
  onLocalAction: (action: StepActionName) => void;
  onFinish: () => void;
}

/** Checkout's steps: the upsells the shop still makes (applicants), then the confirmation. */
export function CheckoutFlow({ enrollmentId, effectiveDate, onAnswered, onLocalAction, onFinish }: CheckoutFlowProps) {
  const source: StepSource = {
    load: () => getShopCheckout({ enrollment_id: enrollmentId, effective_date: effectiveDate }).then(outcomeOf),
    answer: async (step, action) => {
      const next = await answerShopOffer({ enrollment_id: enrollmentId, step: step.step, action, effective_date: effectiveDate });
      onAnswered();
      return outcomeOf(next);
    },
  };
  return <StepDialog source={source} localActions={['rep', 'member', 'back']} onLocalAction={onLocalAction} onFinish={onFinish} />;
}
