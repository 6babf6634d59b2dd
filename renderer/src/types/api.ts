// Answers that more than one feature reads and that the document does not name as one schema. Every answer's type is
// generated from the document (lib/api.ts's `Answer` and `Schema`); what is here is only put together from those.
import type { Schema } from '../lib/api';

/**
 * What a shop flow's calls answer: the next step (none when the flow is over) in each; after a plan's popup, the plan
 * as the shop sees it now (`PlanFlow`), with the words to show; after an offer, the cart's count.
 */
export type FlowAnswer = Schema<'NextShopStep'> | Schema<'OfferOutcome'> | Schema<'PlanFlow'>;
