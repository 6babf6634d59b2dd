// Testing Library's render with what the app provides around every page: a query client of the test's own (no answer
// is shared between tests, and a failed read is not tried again, so a test sees the failure at once), and the page's
// language (English unless a test asks for another).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as draw, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { LanguageProvider, loadCatalogue, SOURCE_LANGUAGE, type Chosen } from '../lib/i18n';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Spanish, compiled as the page gets it, for tests that draw a page in Spanish. */
export async function spanish(): Promise<Chosen> {
  return { language: 'es', messages: await loadCatalogue('es') };
}

export function render(ui: ReactElement, options: RenderOptions & { client?: QueryClient; language?: Chosen } = {}) {
  const client = options.client ?? testQueryClient();
  const Outer = options.wrapper;
  const language = options.language ?? { language: SOURCE_LANGUAGE, messages: {} };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <LanguageProvider initial={language}>{Outer ? <Outer>{children}</Outer> : children}</LanguageProvider>
    </QueryClientProvider>
  );
  return { client, ...draw(ui, { ...options, wrapper }) };
}

export * from '@testing-library/react';
