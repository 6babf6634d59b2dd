// The one way the renderer reads from the server: TanStack Query. A read is a query named by its key, so two screens
// asking the same thing share one answer (the menu and the categories are read once for the header, the plans page and
// the window-shopping page), an answer to a question no longer asked is dropped rather than drawn (switching categories
// quickly never shows an older listing), and loading and failure are drawn alike everywhere (`QueryState`).
//
// Keys: every read about one enrollment starts with `enrollmentKey(id)`, so a change of its quote reads everything
// about it again (`invalidateEnrollment`); the cart's reads start with `cartKey(id)`, so a change of the cart reads the
// cart page and the header's badge again. Reads that do not depend on an enrollment start with their call's name.
// Changes (posts) stay plain calls: after one, the caller invalidates what it changed.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';

/** How long an answer is reused without asking again: listings and menus change only with the quote or the catalogue. */
const FRESH_MS = 60_000;

/** A refusal (4xx) is the server's answer and asking again changes nothing; a failure of the network or a 5xx is tried once more. */
export function worthRetrying(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failures < 1;
}

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: FRESH_MS, refetchOnWindowFocus: false, retry: worthRetrying },
      mutations: { retry: false },
    },
  });
}

/** The first part of every key about enrollment `id`. */
export const enrollmentKey = (id: string) => ['enrollment', id] as const;

/** The first part of every key about enrollment `id`'s cart (its lines, its count and amount, its dates). */
export const cartKey = (id: string) => [...enrollmentKey(id), 'cart'] as const;

/** Reads everything about the enrollment again (its quote changed: plans, prices, counts, the cart). */
export function invalidateEnrollment(client: QueryClient, id: string): Promise<void> {
  return client.invalidateQueries({ queryKey: enrollmentKey(id) });
}

/** Reads the enrollment's cart again (its lines, the header's badge). */
export function invalidateCart(client: QueryClient, id: string): Promise<void> {
  return client.invalidateQueries({ queryKey: cartKey(id) });
}

export type { QueryKey };
