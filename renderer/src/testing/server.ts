// The one stub of the network for unit tests: msw answers the HTTP client's requests with whatever a test puts in
// place with `server.use(...)`; a request no test expected fails the test (see setup-tests.ts).
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FieldError } from '../lib/api';

/**
 * The tier asked alone as the server sends it (`filter-form?variant=tier`, engine::step::tier_choice): starting from
 * `chosen` (none for a rep's Enroll Now, or a member with a premier plan in the cart, whose children tier then covers
 * one child).
 */
export function tierStep({ chosen, premier = false }: { chosen?: string; premier?: boolean } = {}) {
  const names: [string, string][] = [
    ['IO', 'Member Only'],
    ['IS', 'Member + Spouse'],
    ['IC', premier ? 'Member + 1 Child' : 'Member + Children'],
    ['IF', 'Family'],
  ];
  return {
    kind: 'form',
    step: 'tier',
    title: 'Choose a tier',
    text: 'Choose who the coverage includes; the prices follow the tier.',
    schema: {
      type: 'object',
      properties: {
        tier: { title: 'Choose Tier', type: 'string', oneOf: names.map(([c, t]) => ({ const: c, title: t })), 'x-messages': { required: 'Please choose a tier' } },
      },
      required: ['tier'],
    },
    uiSchema: { 'ui:order': ['tier'], tier: { 'ui:placeholder': 'Choose Tier' } },
    formData: chosen ? { tier: chosen } : {},
    actions: [
      { action: 'next', label: 'Submit' },
      { action: 'cancel', label: 'Cancel' },
    ],
  };
}

export const server = setupServer();

/** The spec's success envelope around `data`. */
export const success = (data: unknown) => HttpResponse.json({ status: 'success', data });

/** The spec's error envelope: a message and the field messages, with the HTTP status the server sends. */
export const refusal = (statusCode: number, message: string, fields: FieldError[] = []) =>
  HttpResponse.json({ status: 'error', statusCode, message, data: fields }, { status: statusCode });
