import { answerShopOffer } from '../api/answer-shop-offer';
import { getShopAfterAdd } from '../api/get-shop-after-add';
import type { FlowSource } from '../machines/flow-machine';
import { FlowDialog } from './lazy-flow-dialog';

/** The offers the shop makes once a plan is in the cart (the accident offer, the bundle), one after another. */
export function AfterAddOffers({ enrollmentId, onFinish }: { enrollmentId: string; onFinish: () => void }) {
  const source: FlowSource = {
    load: () => getShopAfterAdd({ enrollment_id: enrollmentId }),
    answer: (step, action) => answerShopOffer({ enrollment_id: enrollmentId, step: step.step, action }),
  };
  return <FlowDialog source={source} onFinish={onFinish} />;
}
