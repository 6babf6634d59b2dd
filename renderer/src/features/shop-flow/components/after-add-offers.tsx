import type { StepSource } from '../../../lib/step-machine';
import { answerShopOffer } from '../api/answer-shop-offer';
import { getShopAfterAdd } from '../api/get-shop-after-add';
import { outcomeOf } from '../utils/flow-source';
import { StepDialog } from './lazy-step-dialog';

/** The offers the shop makes once a plan is in the cart (the accident offer, the bundle), one after another. */
export function AfterAddOffers({ enrollmentId, onFinish }: { enrollmentId: string; onFinish: () => void }) {
  const source: StepSource = {
    load: () => getShopAfterAdd({ enrollment_id: enrollmentId }).then(outcomeOf),
    answer: (step, action) => answerShopOffer({ enrollment_id: enrollmentId, step: step.step, action }).then(outcomeOf),
  };
  return <StepDialog source={source} onFinish={onFinish} />;
}
