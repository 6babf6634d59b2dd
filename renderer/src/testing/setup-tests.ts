import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server } from './server';

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
  expect(unhandled.splice(0), 'requests no handler answered').toEqual([]);
});
afterAll(() => server.close());
