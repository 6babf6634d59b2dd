import { type Body, callNamedByServer } from '../../../lib/api';

/**
 * A list item (a dependent) checked by the call its list's schema names (`x-item-validate`) before it joins the list.
 * The body is typed as the document has the one call the engine names today, validate-single-dependent.
 */
export type ValidateListItemRequest = Body<'/validate-single-dependent'> & { primary_info: Record<string, unknown>; health_info: unknown };

/** Its answer is not read; a refusal comes as an ApiError with the item's field messages. */
export function validateListItem(call: string, body: ValidateListItemRequest): Promise<unknown> {
  return callNamedByServer('POST', `/${call}`, body);
}
