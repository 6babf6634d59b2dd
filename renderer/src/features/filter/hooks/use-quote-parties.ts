import { useQuery } from '@tanstack/react-query';
import type { Schema } from '../../../lib/api';
import { quotePartiesQuery } from '../api/get-group-agent-member-info';

/** Who the enrollment's quote is for; null until known, or when the server cannot say. */
export function useQuoteParties(enrollmentId: string): Schema<'QuoteParties'> | null {
  return useQuery(quotePartiesQuery(enrollmentId)).data ?? null;
}
