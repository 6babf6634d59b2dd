import { type Query, type Schema, api } from '../../../lib/api';

/** `return_to` is where Return to homepage goes, decided by the server from the enrollment's process. */
export function getReceipt(query: Query<'/get-receipt'>): Promise<Schema<'Receipt'>> {
  return api.get('/get-receipt', { query });
}
