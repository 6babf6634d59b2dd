import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { refusal, server, success } from '../testing/server';
import { ApiError } from './api';
import { type BenefitAnswer, DEFAULT_BENEFIT_ROOT, benefit, device, setBenefitRoot } from './benefit';
import type { components } from './benefit-contract';
import { deviceId } from './storage';

describe('the benefit service client', () => {
  afterEach(() => setBenefitRoot(null));

  it('calls the root the site names, with the session cookie, and falls back to /benefit/v1', async () => {
    let seen: { url: string; credentials: RequestCredentials } | undefined;
    server.use(
      http.get('/services/benefit/recommendation/popularity', ({ request }) => {
        seen = { url: request.url, credentials: request.credentials };
        return success({ basis: 'popularity', recommendations: [{ plan_id: 7, score: 1, reason: 'Popular' }] });
      }),
    );
    setBenefitRoot('/services/benefit/');
    const answer = await benefit.get('/recommendation/popularity');
    expect(answer.recommendations[0].plan_id).toBe(7);
    expect(seen).toEqual({ url: 'http://localhost/services/benefit/recommendation/popularity', credentials: 'include' });

    setBenefitRoot('');
    server.use(http.get('/benefit/v1/recommendation/popularity', () => success({ basis: 'popularity', recommendations: [] })));
    await expect(benefit.get('/recommendation/popularity')).resolves.toEqual({ basis: 'popularity', recommendations: [] });
    expect(DEFAULT_BENEFIT_ROOT).toBe('/benefit/v1');
  });

  it('answers a lead call outside the envelope whole, and refuses a bad device id with the server’s words', async () => {
    server.use(
      http.get('/benefit/v1/check-lead-information', ({ request }) =>
        new URL(request.url).searchParams.get('device_id') === 'bad'
          ? refusal(422, 'Please send a device id', [{ target_element: 'device_id', error_message: 'Please send a device id' }])
          : HttpResponse.json({ statusCode: 204, status: 'success', zip_code: null, consent: null }),
      ),
    );
    await expect(benefit.getWhole('/check-lead-information', { query: device() })).resolves.toEqual({ statusCode: 204, status: 'success', zip_code: null, consent: null });
    const error = await benefit.getWhole('/check-lead-information', { query: { device_id: 'bad', web_url: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageFor('device_id')).toBe('Please send a device id');
  });

  it('keeps one random device id per browser, of the shape the service takes', () => {
    localStorage.removeItem('device_id');
    const id = deviceId.get();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(deviceId.get()).toBe(id);
    localStorage.setItem('device_id', 'not a valid id!');
    expect(deviceId.get()).not.toBe('not a valid id!');
    expect(device()).toEqual({ device_id: deviceId.get(), web_url: window.location.href });
  });

  it('checks calls against the benefit document at compile time and types their answers from it', () => {
    expectTypeOf<BenefitAnswer<'/assist/get'>>().toEqualTypeOf<components['schemas']['AssistState']>();
    expectTypeOf<BenefitAnswer<'/recommendation/plan-details'>>().toEqualTypeOf<components['schemas']['RecommendedCard'][]>();
    // Never run: `npm run typecheck` fails when any line below stops being an error.
    const unchecked = () => {
      // @ts-expect-error a path the benefit document does not have
      void benefit.get('/recommendation/popular');
      // @ts-expect-error a misspelled body field
      void benefit.post('/assist/add', { body: { question: 1, answer: 'x' } });
      // @ts-expect-error a call of the api's own document, not the benefit service's
      void benefit.get('/get-plan-cart', { query: { enrollment_id: '1' } });
    };
    expect(typeof unchecked).toBe('function');
  });
});
