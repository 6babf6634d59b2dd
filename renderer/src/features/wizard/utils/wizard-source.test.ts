import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Schema } from '../../../lib/api';
import { server } from '../../../testing/server';
import { stepMachine } from '../../../lib/step-machine';
import { outcomeOf, wizardSource } from './wizard-source';

function step(name: Schema<'TabName'>, version = 0): Schema<'Step'> {
  return {
    kind: 'form',
    step: name,
    title: name,
    schema: { type: 'object', properties: {} },
    uiSchema: {},
    formData: {},
    actions: [
      { action: 'next', label: 'Next' },
      { action: 'back', label: 'Back' },
    ],
    wizard: { tab: name, route: name.replace('_', '-'), version, progress: { index: 0, total: 2, steps: [] } },
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

const wizardAt = (route: string, first?: Parameters<typeof outcomeOf>[0]) =>
  createActor(stepMachine, { input: { source: wizardSource('7'), where: route, first: first && outcomeOf(first) } });

describe('a wizard step on the step machine', () => {
  it('loads a step, submits it with its version and moves to the step the server answers', async () => {
    serve([
      { status: 200, body: { status: 'success', data: { step: step('primary_info', 3) } } },
      { status: 200, body: { status: 'success', data: { step: step('contact_info') } } },
    ]);
    const actor = wizardAt('personal-information').start();
    await waitFor(actor, (s) => s.matches('showing'));
    expect(calls[0].url).toBe('/api/v1/enrollment/7/step/personal-information');

    actor.send({ type: 'ANSWER', action: 'next', formData: { first_name: 'Dana' } });
    await waitFor(actor, (s) => s.matches('showing') && s.context.step?.step === 'contact_info');
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
    const actor = wizardAt('personal-information').start();
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'ANSWER', action: 'next', formData: {} });
    await waitFor(actor, (s) => s.matches('showing') && s.context.errors !== null);
    expect(actor.getSnapshot().context.step?.step).toBe('primary_info');
    expect(actor.getSnapshot().context.errors?.errorSchema()).toEqual({ first_name: { __errors: ['Field is required'] } });
  });

  it('finishes with the redirect the server gives for Back on the first step', async () => {
    serve([
      { status: 200, body: { status: 'success', data: { step: step('primary_info') } } },
      { status: 200, body: { status: 'success', data: { redirect: '/cart' } } },
    ]);
    const actor = wizardAt('personal-info').start();
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'ANSWER', action: 'back' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.redirect).toBe('/cart');
    expect(calls[1].body).toEqual({ action: 'back', version: 0 });
  });

  it('shows a step already answered (asked for early) from its first state, without asking again', async () => {
    serve([]);
    const actor = wizardAt('personal-information', { step: step('primary_info', 2) });
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context.step?.wizard?.version).toBe(2);
    actor.start();
    expect(calls).toEqual([]);

    const leaving = wizardAt('billing-information', { redirect: '/enrollment/receipt' });
    expect(leaving.getSnapshot().matches('done')).toBe(true);
    expect(leaving.getSnapshot().context.redirect).toBe('/enrollment/receipt');
  });
});
