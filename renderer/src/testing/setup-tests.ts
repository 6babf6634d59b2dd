import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server } from './server';

// A form's code loads when the form is first drawn (a lazy chunk: rjsf and ajv), which on a busy two-core machine
// takes longer than Testing Library's one-second wait for what appears: wait as long as a person would.
configure({ asyncUtilTimeout: 5000 });

// A page under test usually swallows a failed request (it shows an empty list instead), so msw's own error for a
// request no handler answers could go unnoticed: the test fails instead, naming the requests.
const unhandled: string[] = [];

beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  // Without vitest's globals, Testing Library cannot register its own cleanup: each test starts from an empty page.
  cleanup();
  // What a page kept for the tab (the last listing seen, the enrollment) does not carry into the next test (tests run
  // without a DOM have none).
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  expect(unhandled.splice(0), 'requests no handler answered').toEqual([]);
});
afterAll(() => server.close());
