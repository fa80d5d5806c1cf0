import { listHistory } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HISTORY_QUERY_KEY } from '../../../lib/library-query-keys';
import { useContentLanguage } from '../../../lib/use-content-language';
import { inProgress } from '../continue-watching';

/** The history rows read for the shelf: the most recent ones are the ones worth continuing. */
const ROWS_READ = 20;

/**
 * GET /history, first page, narrowed to the dramas not yet finished. Under the history's query
 * root, so whatever refreshes the history refreshes this too; only asked for a signed-in viewer.
 */
export function useContinueWatching({ enabled }: { enabled: boolean }) {
  const lang = useContentLanguage();
  return useQuery({
    queryKey: [...HISTORY_QUERY_KEY, 'continue', lang],
    queryFn: async () =>
      inProgress((await api.call(listHistory, { query: { page: 1, size: ROWS_READ, lang } })).data.list),
    // Watching moves a drama to the front and its position on: read again on every visit home.
    staleTime: 0,
    enabled,
  });
}
