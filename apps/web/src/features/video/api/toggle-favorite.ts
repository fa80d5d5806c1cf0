import { addFavorite, removeFavorite, type DramaDetail } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { FAVORITES_QUERY_KEY } from '../../../lib/library-query-keys';
import { showToast } from '../../../lib/toast';
import { videoKeys } from './video-keys';

function patchFavorite(queryClient: QueryClient, dramaId: number, favorited: boolean): void {
  queryClient.setQueriesData<DramaDetail>({ queryKey: videoKeys.dramaAll(dramaId) }, (drama) =>
    drama ? { ...drama, favorited } : drama,
  );
}

/**
 * PUT (add) or DELETE (remove) /favorites/:drama_id, both idempotent: toggles the drama in the
 * viewer's list at once; a failure puts it back.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ dramaId, favorite }: { dramaId: number; favorite: boolean }) =>
      (await api.call(favorite ? addFavorite : removeFavorite, { params: { drama_id: dramaId } })).data.favorited,
    onMutate: ({ dramaId, favorite }) => patchFavorite(queryClient, dramaId, favorite),
    onSuccess: (favorited, { dramaId }) => {
      patchFavorite(queryClient, dramaId, favorited);
      // The list tab (favourites) shows it on its next visit.
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
    onError: (error, { dramaId, favorite }) => {
      patchFavorite(queryClient, dramaId, !favorite);
      showToast(messageForError(error, t));
    },
  });
}
