import { removeFavorite } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';
import { FAVORITES_QUERY_KEY } from '../../../lib/library-query-keys';
import { useOptimisticRemoval } from '../../../lib/use-optimistic-removal';

/** DELETE /favorites/:drama_id (idempotent): the drama leaves the list at once, back if refused. */
export function useRemoveFavorite() {
  return useOptimisticRemoval(
    FAVORITES_QUERY_KEY,
    (dramaId: number) => api.call(removeFavorite, { params: { drama_id: dramaId } }),
    (dramaId, id) => id !== dramaId,
  );
}
