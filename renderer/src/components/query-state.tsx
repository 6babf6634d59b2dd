import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';

/** Words for a read that failed: the server's own when it answered, and a plain sentence when it could not be reached. */
export function failureWords(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'This could not be loaded. Please check your connection and try again.';
}

/** What is shown while something is read (announced to screen readers). */
export function Pending({ children = 'Loading…', className }: { children?: ReactNode; className?: string }) {
  return (
    <p role="status" className={['query-pending', className].filter(Boolean).join(' ')}>
      {children}
    </p>
  );
}

type Retryable = Pick<UseQueryResult, 'error' | 'refetch' | 'isRefetching'>;

/** What is shown when a read failed: why, and Try again. */
export function Failed({ query }: { query: Retryable }) {
  return (
    <div role="alert" className="query-failed">
      <p>{failureWords(query.error)}</p>
      <button type="button" onClick={() => void query.refetch()} disabled={query.isRefetching}>
        Try again
      </button>
    </div>
  );
}

/** A read drawn the same way everywhere: `Pending` while it is read, `Failed` when it failed, else `children(data)`. */
export function QueryState<T>({
  query,
  children,
  pending,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError'> & Retryable;
  children: (data: T) => ReactNode;
  pending?: ReactNode;
}) {
  if (query.isPending) return <Pending>{pending}</Pending>;
  if (query.isError) return <Failed query={query} />;
  return <>{children(query.data as T)}</>;
}
