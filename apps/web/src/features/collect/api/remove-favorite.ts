import { isApiError, removeFavorite, type FavoriteItem, type Page } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { FAVORITES_QUERY_KEY } from '../../../lib/library-query-keys';
import { showToast } from '../../../lib/toast';

type FavoritesData = InfiniteData<Page<FavoriteItem>, number>;

/** DELETE /favorites/:drama_id (idempotent). */
export async function deleteFavorite(dramaId: number): Promise<void> {
  await api.call(removeFavorite, { params: { drama_id: dramaId } });
}

/**
 * Removes a drama from the list at once (optimistic); if the server refuses, the drama comes
 * back where it was and a toast says why. Either way the list is fetched again afterwards.
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: deleteFavorite,
    onMutate: async (dramaId: number) => {
      await queryClient.cancelQueries({ queryKey: FAVORITES_QUERY_KEY });
      const snapshot = queryClient.getQueriesData<FavoritesData>({ queryKey: FAVORITES_QUERY_KEY });
      queryClient.setQueriesData<FavoritesData>({ queryKey: FAVORITES_QUERY_KEY }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, list: page.list.filter((item) => item.id !== dramaId) })),
        },
      );
      return { snapshot };
    },
    onError: (error, _dramaId, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      // A transport failure has already shown 'Network Error'.
      if (!(isApiError(error) && error.isTransportFailure)) showToast(messageForError(error, t));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
  });
}
