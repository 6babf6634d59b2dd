import { type Query, api } from '../../../lib/api';

export interface GetQuotePreviewContentAnswerAsRead {
  content: string;
}

/**
 * The personalised quote's e-mail as it would be sent. (The spec's `tab=cart_info&type=preview` are not sent: the
 * document lists neither, and the server reads neither.)
 */
export function getQuotePreviewContent(query: Query<'/get-quote-preview-content'>): Promise<GetQuotePreviewContentAnswerAsRead> {
  return api.get('/get-quote-preview-content', { query });
}
