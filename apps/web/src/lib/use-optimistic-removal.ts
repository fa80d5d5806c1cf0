import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from './use-translation';
import { isTransportFailure, messageForError } from './error-message';
import { showToast } from './toast';

type Pages = InfiniteData<{ list: readonly { id: number }[] }>;

/**
 * Takes rows out of every cached list under `queryKey` at once (optimistic), `keep` saying which
 * stay; if the server refuses, the rows come back where they were and a toast says why. Either
 * way the lists are fetched again afterwards.
 */
export function useOptimisticRemoval<V>(
  queryKey: QueryKey,
  remove: (target: V) => Promise<unknown>,
  keep: (target: V, id: number) => boolean,
) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: remove,
    onMutate: async (target: V) => {
      await queryClient.cancelQueries({ queryKey });
      const snapshot = queryClient.getQueriesData<Pages>({ queryKey });
      queryClient.setQueriesData<Pages>(
        { queryKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, list: page.list.filter((row) => keep(target, row.id)) })),
          },
      );
      return { snapshot };
    },
    onError: (error, _target, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      // A transport failure has already shown 'Network Error'.
      if (!isTransportFailure(error)) showToast(messageForError(error, t));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
