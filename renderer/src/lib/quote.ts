// A change of the quote's filter (tier, ZIP code, date of birth...), from the filter banner, the quote's edit form or
// the member home. Prices, plans and the cart all follow the filter: once it is saved, everything read about the
// enrollment is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Body, type Schema, api } from './api';
import { invalidateEnrollment } from './query';

/** The filter form's answers (the document takes any object); `plan_id` when the form was asked for a premier plan. */
export type QuoteChange = Body<'/change-filter-info/{temp_id}', 'put'> & { plan_id?: string };

export function changeFilterInfo(enrollmentId: string, body: QuoteChange): Promise<Schema<'ChangedFilter'>> {
  return api.put('/change-filter-info/{temp_id}', { path: { temp_id: enrollmentId }, body });
}

/**
 * Saves a change of a quote and reads everything about its enrollment again: `mutateAsync({ enrollmentId, body })`
 * answers the server's answer or throws its refusal (an ApiError with the fields' messages).
 */
export function useChangeQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrollmentId, body }: { enrollmentId: string; body: QuoteChange }) => changeFilterInfo(enrollmentId, body),
    onSuccess: (_answer, { enrollmentId }) => invalidateEnrollment(client, enrollmentId),
  });
}
