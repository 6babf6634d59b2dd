import { api } from '../../../lib/api';

/** A list item (a dependent) checked by the call its list's schema names (`x-item-validate`) before it joins the list. */
export interface ValidateListItemRequest {
  enrollment_id: string;
  primary_info: Record<string, unknown>;
  health_info: unknown;
}

/** Its answer is not read; a refusal comes as an ApiError with the item's field messages. */
export function validateListItem(call: string, request: ValidateListItemRequest): Promise<unknown> {
  return api.post(`/${call}`, request);
}
