// The one stub of the network for unit tests: msw answers the HTTP client's requests with whatever a test puts in
// place with `server.use(...)`; a request no test expected fails the test (see setup-tests.ts).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FieldError } from '../lib/api';

/** The tiers as the server names them (`tiers`; with a premier plan in the quote's cart, the children tier covers one
 * child): what every page that offers a tier asks first. */
export const TIERS = [
  { code: 'IO', label: 'Member Only' },
  { code: 'IS', label: 'Member + Spouse' },
  { code: 'IC', label: 'Member + Children' },
  { code: 'IF', label: 'Family' },
];

export const server = setupServer(
  http.get('/api/v1/tiers', () => HttpResponse.json({ status: 'success', data: TIERS })),
);

/** The spec's success envelope around `data`. */
export const success = (data: unknown) => HttpResponse.json({ status: 'success', data });

/** The spec's error envelope: a message and the field messages, with the HTTP status the server sends. */
export const refusal = (statusCode: number, message: string, fields: FieldError[] = []) =>
  HttpResponse.json({ status: 'error', statusCode, message, data: fields }, { status: statusCode });
