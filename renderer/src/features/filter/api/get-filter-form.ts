import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { api } from '../../../lib/api';

/** Without an enrollment, the form of a new quote; `plan_id` (a premier plan) or `category` also asks the category. */
export interface GetFilterFormRequest {
  enrollment_id?: string;
  plan_id?: string;
  category?: string;
}

export interface GetFilterFormAnswer {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
}

export function getFilterForm(request: GetFilterFormRequest = {}): Promise<GetFilterFormAnswer> {
  const query = Object.entries(request)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return api.get(`/filter-form${query ? `?${query}` : ''}`);
}
