import { useEffect, useState } from 'react';
import type { Schema } from '../../../lib/api';
import { getGroupAgentMemberInfo } from '../api/get-group-agent-member-info';

/** Who the enrollment's quote is for; null until known, or when the server cannot say. */
export function useQuoteParties(enrollmentId: string): Schema<'QuoteParties'> | null {
  const [parties, setParties] = useState<Schema<'QuoteParties'> | null>(null);
  useEffect(() => {
    getGroupAgentMemberInfo({ enrollment_id: enrollmentId }).then(setParties, () => setParties(null));
  }, [enrollmentId]);
  return parties;
}
