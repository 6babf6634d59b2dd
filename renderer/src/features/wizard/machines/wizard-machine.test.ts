import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Schema } from '../../../lib/api';
import { server } from '../../../testing/server';
import { wizardMachine } from './wizard-machine';

function step(name: Schema<'TabName'>, version = 0): Schema<'Step'> {
  return {
    step: name,
    route: name.replace('_', '-'),
    title: name,
    schema: { type: 'object', properties: {} },
    uiSchema: {},
    formData: {},
    version,
    progress: { index: 0, total: 2, steps: [] },
    actions: ['back', 'next'],
    next_label: 'Next',
    summary: null,
  };
}

const calls: { method: string; url: string; body?: unknown }[] = [];

/** Answers the client's requests in turn with `answers`, recording each request's method, path and body. */
function serve(answers: Array<{ status: number; body: JsonBodyType }>) {
  calls.length = 0;
  server.use(
    http.all('/api/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      const body = await request.text();
      calls.push({ method: request.method, url: url.pathname + url.search, body: body ? JSON.parse(body) : undefined });
      const next = answers.shift() ?? { status: 500, body: {} };
      return HttpResponse.json(next.body, { status: next.status });
    }),
  );
}

afterEach(() => {
  calls.length = 0;
});

describe('the wizard machine', () => {
  it('loads a step, submits it with its version and moves to the step the server answers', async () => {
    serve([
      { status: 200, body: { status: 'success', data: { step: step('primary_info', 3) } } },
      { status: 200, body: { status: 'success', data: { step: step('contact_info') } } },
    ]);
    const actor = createActor(wizardMachine, { input: { enrollmentId: '7', route: 'personal-information' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls[0].url).toBe('/api/v1/enrollment/7/step/personal-information');

    actor.send({ type: 'SUBMIT', formData: { first_name: 'Dana' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.step?.step === 'contact_info');
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/api/v1/enrollment/7/step/primary_info',
      body: { action: 'next', formData: { first_name: 'Dana' }, version: 3 },
    });
  });

  it('stays on the step with the server messages under their fields when the save is refused', async () => {
    serve([
      { status: 200, body: { status: 'success', data: { step: step('primary_info') } } },
      { status: 422, body: { status: 'error', statusCode: 422, message: 'Field is required', data: [{ target_element: 'first_name', error_message: 'Field is required' }] } },
    ]);
    const actor = createActor(wizardMachine, { input: { enrollmentId: '7', route: 'personal-information' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SUBMIT', formData: {} });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errors !== null);
    expect(actor.getSnapshot().context.step?.step).toBe('primary_info');
    expect(actor.getSnapshot().context.errors?.errorSchema()).toEqual({ first_name: { __errors: ['Field is required'] } });
  });

  it('finishes with the redirect the server gives for Back on the first step', async () => {
    serve([
      { status: 200, body: { status: 'success', data: { step: step('primary_info') } } },
      { status: 200, body: { status: 'success', data: { redirect: '/cart' } } },
    ]);
    const actor = createActor(wizardMachine, { input: { enrollmentId: '7', route: 'personal-info' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'BACK' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.redirect).toBe('/cart');
    expect(calls[1].body).toEqual({ action: 'back', version: 0 });
  });

  it('shows a step already answered (asked for early) from its first state, without asking again', async () => {
    serve([]);
    const actor = createActor(wizardMachine, { input: { enrollmentId: '7', route: 'personal-information', first: { step: step('primary_info', 2) } } });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.step?.version).toBe(2);
    actor.start();
    expect(calls).toEqual([]);

    const leaving = createActor(wizardMachine, { input: { enrollmentId: '7', route: 'billing-information', first: { redirect: '/enrollment/receipt' } } });
    expect(leaving.getSnapshot().matches('done')).toBe(true);
    expect(leaving.getSnapshot().context.redirect).toBe('/enrollment/receipt');
  });
});
