import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { refusal, server } from '../testing/server';
import { ApiError, request } from './api';

describe('the api client', () => {
  it('turns an error envelope into messages under the named fields', async () => {
    server.use(http.post('/api/v1/add-filter-for-new-user', () => refusal(422, 'Invalid Zip code', [{ target_element: 'zip', error_message: 'Invalid Zip code' }])));
    const error = await request('POST', '/add-filter-for-new-user', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageFor('zip')).toBe('Invalid Zip code');
    expect((error as ApiError).errorSchema()).toEqual({ zip: { __errors: ['Invalid Zip code'] } });
  });
});
