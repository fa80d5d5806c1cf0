import { clearHistory, removeHistory } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';
import { HISTORY_QUERY_KEY } from '../../../lib/library-query-keys';
import { useOptimisticRemoval } from '../../../lib/use-optimistic-removal';

/** DELETE /history/:drama_id, or DELETE /history for everything. */
function deleteHistory(target: { dramaId: number } | 'all') {
  return target === 'all' ? api.call(clearHistory) : api.call(removeHistory, { params: { drama_id: target.dramaId } });
}

/** Removes one drama's row, or clears the whole history, at once; the rows come back if refused. */
export function useRemoveHistory() {
  return useOptimisticRemoval(
    HISTORY_QUERY_KEY,
    deleteHistory,
    (target, dramaId) => target !== 'all' && dramaId !== target.dramaId,
  );
}
