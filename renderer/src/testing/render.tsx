// Testing Library's render with what the app provides around every page: a query client of the test's own (no answer
// is shared between tests, and a failed read is not tried again, so a test sees the failure at once).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as draw, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

export function render(ui: ReactElement, options: RenderOptions & { client?: QueryClient } = {}) {
  const client = options.client ?? testQueryClient();
  const Outer = options.wrapper;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{Outer ? <Outer>{children}</Outer> : children}</QueryClientProvider>
  );
  return { client, ...draw(ui, { ...options, wrapper }) };
}

export * from '@testing-library/react';
