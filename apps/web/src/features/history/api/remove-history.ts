import { clearHistory, isApiError, removeHistory } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { HISTORY_QUERY_KEY } from '../../../lib/library-query-keys';
import { showToast } from '../../../lib/toast';
import type { HistoryData } from './list-history';

/** DELETE /history/:drama_id, or DELETE /history for everything. */
export async function deleteHistory(target: { dramaId: number } | 'all'): Promise<void> {
  if (target === 'all') await api.call(clearHistory);
  else await api.call(removeHistory, { params: { drama_id: target.dramaId } });
}

/** Takes rows out of every cached history list now and returns how to put them back. */
async function removeRows(queryClient: QueryClient, keep: (dramaId: number) => boolean) {
  await queryClient.cancelQueries({ queryKey: HISTORY_QUERY_KEY });
  const snapshot = queryClient.getQueriesData<HistoryData>({ queryKey: HISTORY_QUERY_KEY });
  queryClient.setQueriesData<HistoryData>({ queryKey: HISTORY_QUERY_KEY }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, list: page.list.filter((row) => keep(row.id)) })) },
  );
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
  };
}

/**
 * Removes one drama's row, or clears the whole history, at once (optimistic); if the server
 * refuses, the rows come back and a toast says why. The list is fetched again either way.
 */
export function useRemoveHistory() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: deleteHistory,
    onMutate: async (target) => ({
      restore: await removeRows(queryClient, (dramaId) => target !== 'all' && dramaId !== target.dramaId),
    }),
    onError: (error, _target, context) => {
      context?.restore();
      // A transport failure has already shown 'Network Error'.
      if (!(isApiError(error) && error.isTransportFailure)) showToast(messageForError(error, t));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
  });
}
