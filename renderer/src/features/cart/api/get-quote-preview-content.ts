import { api } from '../../../lib/api';

export interface GetQuotePreviewContentRequest {
  enrollment_id: string;
  name: string;
  email: string;
  message: string;
}

export interface GetQuotePreviewContentAnswer {
  content: string;
}

/** The personalised quote's e-mail as it would be sent. */
export function getQuotePreviewContent({ enrollment_id, name, email, message }: GetQuotePreviewContentRequest): Promise<GetQuotePreviewContentAnswer> {
  return api.get(
    `/get-quote-preview-content?enrollment_id=${enrollment_id}&tab=cart_info&type=preview&name=${encodeURIComponent(name)}&email=${encodeURIComponent(email)}&message=${encodeURIComponent(message)}`,
  );
}
