// Shapes of the server's answers that more than one feature (or a shared component) reads, named and spelt as the
// server sends them: the renderer's reading, since the OpenAPI document does not type answers yet (requests are typed
// from it, see lib/api.ts). A call's own answer type lives beside the call in its feature's api/ folder.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** The person's search filter as saved on the enrollment (get-enrollment-temp-info, column filter_info). */
export interface FilterInfo {
  zip: string;
  dob: string;
  tier: string;
  gender: string;
  state?: string;
  is_smoker?: string | null;
}

/** Who the quote is for, as the server knows it: the member, the employer group, the portal, the rep. */
export interface QuoteParties {
  enrollment_type: string | null;
  result: {
    user_info: { first_name: string; last_name: string } | null;
    group_info: { name: string } | null;
    platforms: { platform_name: string }[];
    agent_info?: { name: string } | null;
  };
}

export interface FlowAction {
  action: string;
  label: string;
}

export interface OfferPlan {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  plan_logo: string;
  price: number;
}

/** A step of a shop flow as the server describes it: a form, an offer or the checkout confirmation. */
export interface FlowStep {
  step: string;
  kind: 'form' | 'offer' | 'confirmation';
  title: string;
  text?: string | null;
  message?: string | null;
  schema?: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  header?: string;
  link?: string;
  link_description?: string;
  plans?: OfferPlan[];
  price?: number;
  opens_with?: string | null;
  actions: FlowAction[];
}

/** What the server answers after a step: the next step (null when the flow is over) and maybe a message. */
export interface FlowAnswer {
  step: FlowStep | null;
  message?: string | null;
  redirect?: string;
}

/**
 * The shop's word on a plan (get, and the answer to each of its popups): the popup to open by itself, the buttons that
 * open one, the membership a premier plan is added with, and whether Add to Cart may be offered.
 */
export interface PlanShop {
  step: FlowStep | null;
  buttons: { step: string; label: string; view: FlowStep }[];
  membership: { plan_id: number; plan_pricing_id: number } | null;
  ready: boolean;
  message?: string | null;
}
