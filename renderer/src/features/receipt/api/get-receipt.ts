import { api } from '../../../lib/api';

export interface GetReceiptRequest {
  enrollment_id: string;
}

export interface GetReceiptAnswer {
  policy_id: string;
  name: string;
  effective_date: string;
  /** Where Return to homepage goes, decided by the server from the enrollment's process. */
  return_to: string;
}

export function getReceipt({ enrollment_id }: GetReceiptRequest): Promise<GetReceiptAnswer> {
  return api.get(`/get-receipt?enrollment_id=${enrollment_id}`);
}
