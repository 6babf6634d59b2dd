import { type Answer, api } from '../../../lib/api';

/** The ticketing site, where Create Ticket leads. */
export function getTicketLink(): Promise<Answer<'/get-ticket-link'>> {
  return api.get('/get-ticket-link');
}
