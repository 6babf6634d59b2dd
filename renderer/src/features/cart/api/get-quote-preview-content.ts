import { type Query, type Schema, api } from '../../../lib/api';

/**
 * The personalised quote's e-mail as it would be sent. (The spec's `tab=cart_info&type=preview` are not sent: the
 * document lists neither, and the server reads neither.)
 */
export function getQuotePreviewContent(query: Query<'/get-quote-preview-content'>): Promise<Schema<'QuotePreview'>> {
  return api.get('/get-quote-preview-content', { query });
}
