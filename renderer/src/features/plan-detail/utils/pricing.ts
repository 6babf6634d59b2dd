import { ApiError, type Schema } from '../../../lib/api';

/**
 * What the page reads of an option priced for the quote: the answer's PriceLine, or a line of the `plans` a pricing
 * refusal still carries, which the document does not describe (so it is checked, field by field, before it is shown).
 */
export type PriceLine = Pick<Schema<'PriceLine'>, 'plan_id' | 'plan_pricing_id' | 'option_name' | 'plan_price' | 'yearly_cost' | 'per_paycheck'> &
  Partial<Pick<Schema<'PriceLine'>, 'coverage'>>;

function isPriceLine(value: unknown): value is PriceLine {
  if (typeof value !== 'object' || value === null) return false;
  const line: Partial<Record<keyof PriceLine, unknown>> = value;
  return (
    typeof line.plan_id === 'number' &&
    typeof line.plan_pricing_id === 'number' &&
    typeof line.option_name === 'string' &&
    (line.plan_price === undefined || line.plan_price === null || typeof line.plan_price === 'number')
  );
}

export interface Pricing {
  plans: PriceLine[];
  notices: string[];
  /** `asked`: the price waits for an answer the plan's questions ask (the income), not given yet: the server's words
   * for it, shown instead of a refusal (there is no fault to show yet). */
  error: { code?: string; message: string; asked: string | null } | null;
}

/**
 * The prices as the page shows them: the answer's, or a refusal's message with any prices it still carries (`unavailable`
 * when the refusal has no words of the server's).
 */
export function pricingOf(answer: Schema<'PlanPrices'> | undefined, error: unknown, unavailable: string): Pricing | null {
  if (answer) return { plans: answer.plans, notices: answer.notices, error: null };
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'changePid') return null;
  const message = error instanceof ApiError ? error.message : unavailable;
  const plans = error instanceof ApiError && Array.isArray(error.extra.plans) ? error.extra.plans.filter(isPriceLine) : [];
  const asked = error instanceof ApiError && typeof error.extra.asked === 'string' ? error.extra.asked : null;
  return { plans, notices: [], error: { code: error instanceof ApiError ? error.code : undefined, message, asked } };
}

