import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** What the page shows once the query has answered. */
  children: (data: T) => ReactNode;
}

/** A query's answer as `children` draw it; until then the loading note, or its error with a retry. */
export function QueryView<T>({ query, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
