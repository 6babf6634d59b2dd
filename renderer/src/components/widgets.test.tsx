import { describe, expect, it } from 'vitest';
import { formatDateInput } from './widgets';
import { ApiError, request } from '../lib/api';

describe('the date widget', () => {
  it('inserts slashes while the person types digits', () => {
    expect(formatDateInput('0412')).toBe('04/12');
    expect(formatDateInput('04121986')).toBe('04/12/1986');
    expect(formatDateInput('04/12/19861')).toBe('04/12/1986');
  });

  it('clamps the month to 12 and the day to 31', () => {
    expect(formatDateInput('1940')).toBe('12/31');
    expect(formatDateInput('00001990')).toBe('01/01/1990');
  });
});

describe('the api client', () => {
  it('turns an error envelope into messages under the named fields', async () => {
    const body = { status: 'error', statusCode: 422, message: 'Invalid Zip code', data: [{ target_element: 'zip', error_message: 'Invalid Zip code' }] };
    globalThis.fetch = (async () => new Response(JSON.stringify(body), { status: 422 })) as typeof fetch;
    const error = await request('POST', '/add-filter-for-new-user', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageFor('zip')).toBe('Invalid Zip code');
    expect((error as ApiError).errorSchema()).toEqual({ zip: { __errors: ['Invalid Zip code'] } });
  });
});
