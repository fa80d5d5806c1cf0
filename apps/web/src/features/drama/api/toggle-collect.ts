import { addFavorite, removeFavorite, type DramaDetail } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { dramaQueryKey, FAVORITES_QUERY_KEY } from '../../../lib/library-query-keys';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

function patchCollected(queryClient: QueryClient, dramaId: number, favorited: boolean): void {
  queryClient.setQueriesData<DramaDetail>({ queryKey: dramaQueryKey(dramaId) }, (drama) =>
    drama ? { ...drama, favorited } : drama,
  );
}

/**
 * PUT (add) or DELETE (remove) /favorites/:drama_id from the drama's sheet, both idempotent: the
 * button turns at once and a failure turns it back; the list tab reloads on its next visit.
 */
export function useToggleCollect() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ dramaId, collect }: { dramaId: number; collect: boolean }) =>
      (await api.call(collect ? addFavorite : removeFavorite, { params: { drama_id: dramaId } })).data.favorited,
    onMutate: ({ dramaId, collect }) => patchCollected(queryClient, dramaId, collect),
    onSuccess: (favorited, { dramaId }) => {
      patchCollected(queryClient, dramaId, favorited);
      void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
    onError: (error, { dramaId, collect }) => {
      patchCollected(queryClient, dramaId, !collect);
      showToast(messageForError(error, t));
    },
  });
}
