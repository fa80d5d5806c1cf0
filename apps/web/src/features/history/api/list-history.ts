import { DEFAULT_PAGE_SIZE, listHistory } from '@cliffhanger/contract/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HISTORY_QUERY_KEY } from '../../../lib/library-query-keys';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /history: one row per drama, newest first, 20 at a time. */
export function useHistory({ enabled }: { enabled: boolean }) {
  const lang = useContentLanguage();
  return useInfiniteQuery({
    queryKey: [...HISTORY_QUERY_KEY, lang],
    queryFn: async ({ pageParam: page }) =>
      (await api.call(listHistory, { query: { page, size: DEFAULT_PAGE_SIZE, lang } })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // Watching moves a drama to the top and its position on: always show the latest.
    staleTime: 0,
    enabled,
  });
}
