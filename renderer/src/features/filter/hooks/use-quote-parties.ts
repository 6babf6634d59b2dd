import { useEffect, useState } from 'react';
import type { QuoteParties } from '../../../types/api';
import { getGroupAgentMemberInfo } from '../api/get-group-agent-member-info';

/** Who the enrollment's quote is for; null until known, or when the server cannot say. */
export function useQuoteParties(enrollmentId: string): QuoteParties | null {
  const [parties, setParties] = useState<QuoteParties | null>(null);
  useEffect(() => {
    getGroupAgentMemberInfo({ enrollment_id: enrollmentId }).then(setParties, () => setParties(null));
  }, [enrollmentId]);
  return parties;
}
