import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { refusal, server, success } from '../testing/server';
import { type Answer, ApiError, type Method, type PathWith, type Schema, api, callNamedByServer } from './api';
import type { paths } from './contract';

describe('the api client', () => {
  it('turns an error envelope into messages under the named fields', async () => {
    server.use(http.post('/api/v1/add-filter-for-new-user', () => refusal(422, 'Invalid Zip code', [{ target_element: 'zip', error_message: 'Invalid Zip code' }])));
    const error = await api.post('/add-filter-for-new-user', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageFor('zip')).toBe('Invalid Zip code');
    expect((error as ApiError).errorSchema()).toEqual({ zip: { __errors: ['Invalid Zip code'] } });
  });

  it('fills the path parameters and sends the query under /api/v1, encoded, leaving out what is undefined', async () => {
    let seen = '';
    server.use(
      http.post('/api/v1/shop/:id/offer/:offer', ({ request }) => {
        seen = request.url;
        return success({ step: null });
      }),
    );
    await api.post('/shop/{id}/offer/{offer}', { path: { id: '12', offer: 'dental upsell' }, query: { effective_date: '07/01/2025' }, body: { action: 'accept' } });
    expect(seen).toBe('http://localhost/api/v1/shop/12/offer/dental%20upsell?effective_date=07%2F01%2F2025');

    await api.post('/shop/{id}/offer/{offer}', { path: { id: '12', offer: 'dental' }, query: { effective_date: undefined }, body: { action: 'accept' } });
    expect(seen).toBe('http://localhost/api/v1/shop/12/offer/dental');
  });

  it('sends the body as JSON with the session cookie and answers the envelope’s data', async () => {
    let sent: { type: string | null; credentials: RequestCredentials; body: unknown } | undefined;
    server.use(
      http.post('/api/v1/add-plan-to-cart', async ({ request }) => {
        sent = { type: request.headers.get('Content-Type'), credentials: request.credentials, body: await request.json() };
        return success({ cart_count: 1 });
      }),
    );
    const answer = await api.post('/add-plan-to-cart', { body: { enrollment_id: '7', plan_id: 3, plan_pricing_id: 9 } });
    expect(answer.cart_count).toBe(1);
    expect(sent).toEqual({ type: 'application/json', credentials: 'include', body: { enrollment_id: '7', plan_id: 3, plan_pricing_id: 9 } });
  });

  it('rejects a 204 No Content (validate-group for an unknown code) as an ApiError with statusCode 204', async () => {
    server.use(http.get('/api/v1/validate-group', () => new HttpResponse(null, { status: 204 })));
    const error = await api.get('/validate-group', { query: { group_code: 'NOPE' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(204);
  });

  it('calls a path the server named in a schema as it was composed', async () => {
    server.use(http.get('/api/v1/routing-number-bank-lookup', ({ request }) => success({ q: new URL(request.url).searchParams.get('q') })));
    await expect(callNamedByServer('GET', '/routing-number-bank-lookup?q=061271001')).resolves.toEqual({ q: '061271001' });
  });

  it('refuses at compile time a call the document does not have, a parameter or field it does not name, and a wrong type', () => {
    // Never run: `npm run typecheck` fails when any line below stops being an error, i.e. when the client stops
    // checking calls against the document.
    const unchecked = () => {
      // @ts-expect-error a path the document does not have
      void api.get('/get-plan-carts', { query: { enrollment_id: '1' } });
      // @ts-expect-error a method the document does not list for the path
      void api.post('/get-plan-cart', { query: { enrollment_id: '1' } });
      // @ts-expect-error a misspelled query parameter
      void api.get('/get-plan-cart', { query: { enrollment: '1' } });
      // @ts-expect-error a required query parameter left out
      void api.get('/get-plan-cart');
      // @ts-expect-error a misspelled body field
      void api.post('/add-plan-to-cart', { body: { enrollment_id: '1', plan_idd: 2 } });
      // @ts-expect-error a field of the wrong type (Id is an integer or a string)
      void api.post('/add-plan-to-cart', { body: { enrollment_id: true } });
      // @ts-expect-error a path parameter the path does not have
      void api.get('/shop/{id}/plan/{plan_id}', { path: { id: '1', plan: '2' } });
      // @ts-expect-error a body on a call that takes none
      void api.get('/get-common-menu', { body: {} });
    };
    expect(typeof unchecked).toBe('function');
  });

  it('types each answer from the document, and refuses at compile time a field the answer does not have', () => {
    expectTypeOf<Answer<'/get-plan-cart'>>().toEqualTypeOf<Schema<'CartAnswer'>>();
    expectTypeOf<Answer<'/enrollment/{id}/step/{step}', 'post'>>().toEqualTypeOf<Schema<'StepOutcome'>>();
    expectTypeOf<Answer<'/get-common-menu'>>().toEqualTypeOf<string[]>();
    // A call that may also answer 204 answers the 200's data only: the client rejects the 204 (see above).
    expectTypeOf<Answer<'/validate-group'>>().toEqualTypeOf<Schema<'GroupAnswer'>>();
    // What a call resolves to is its Answer, with no type given by the caller (the function is never called).
    const readCart = () => api.get('/get-plan-cart', { query: { enrollment_id: '1' } });
    expectTypeOf(readCart).returns.resolves.toEqualTypeOf<Schema<'CartAnswer'>>();

    // Every call of the document answers a typed `data`: none answers nothing (never) or anything (unknown), which
    // would let a caller read what it likes of it.
    type Untyped = {
      [P in keyof paths]: {
        [M in Method]: P extends PathWith<M> ? ([Answer<P, M>] extends [never] ? `${M} ${P}` : unknown extends Answer<P, M> ? `${M} ${P}` : never) : never;
      }[Method];
    }[keyof paths];
    // A document's file answers its own bytes (PDF, JPEG or PNG), read by the browser in a tab of its own, not here;
    // the employer's census template, participation export and deduction files are CSV files the browser downloads.
    type Files =
      | 'get /reviews/{document_id}/file'
      | 'get /employer/census/template'
      | 'get /employer/participation/export'
      | 'get /employer/deductions/{period_start}';
    expectTypeOf<Exclude<Untyped, Files>>().toEqualTypeOf<never>();

    // Never run: `npm run typecheck` fails when any line below stops being an error, i.e. when answers stop being
    // typed from the document.
    const unread = async () => {
      const cart = await api.get('/get-plan-cart', { query: { enrollment_id: '1' } });
      // @ts-expect-error a field the document's CartAnswer does not have
      void cart.discount;
      const outcome = await api.get('/enrollment/{id}/step/{step}', { path: { id: '1', step: 'primary_info' } });
      // @ts-expect-error a field of one member of the StepOutcome union, read before narrowing to it
      void outcome.redirect;
      const receipt = await api.get('/get-receipt', { query: { enrollment_id: '1' } });
      // @ts-expect-error a field the document lets be null, read as if it were always there
      void receipt.policy_id.length;
    };
    expect(typeof unread).toBe('function');
  });
});
