import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { useT } from '../lib/i18n';
import { common } from '../lib/messages';
import { english, m, type Translate } from './messages';

/**
 * Words for a read that failed: the server's own when it answered, and a plain sentence when it could not be reached,
 * in the page's language (`t` from `useT()`; English without it).
 */
export function failureWords(error: unknown, t: Translate = english): string {
  if (error instanceof ApiError) return error.message;
  return t(m.loadFailed);
}

/** What is shown while something is read (announced to screen readers). */
export function Pending({ children, className }: { children?: ReactNode; className?: string }) {
  const t = useT();
  return (
    <p role="status" className={['query-pending', className].filter(Boolean).join(' ')}>
      {children === undefined ? t(common.loading) : children}
    </p>
  );
}

type Retryable = Pick<UseQueryResult, 'error' | 'refetch' | 'isRefetching'>;

/** What is shown when a read failed: why, and Try again. */
export function Failed({ query }: { query: Retryable }) {
  const t = useT();
  return (
    <div role="alert" className="query-failed">
      <p>{failureWords(query.error, t)}</p>
      <button type="button" onClick={() => void query.refetch()} disabled={query.isRefetching}>
        {t(common.tryAgain)}
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
