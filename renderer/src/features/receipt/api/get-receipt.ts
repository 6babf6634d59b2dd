import { type Query, api } from '../../../lib/api';

export interface GetReceiptAnswerAsRead {
  policy_id: string;
  name: string;
  effective_date: string;
  /** Where Return to homepage goes, decided by the server from the enrollment's process. */
  return_to: string;
}

export function getReceipt(query: Query<'/get-receipt'>): Promise<GetReceiptAnswerAsRead> {
  return api.get('/get-receipt', { query });
}
