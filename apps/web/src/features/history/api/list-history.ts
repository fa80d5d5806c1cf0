import { DEFAULT_PAGE_SIZE, listHistory, type HistoryItem, type Language, type Page } from '@cliffhanger/contract/browser';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HISTORY_QUERY_KEY } from '../../../lib/library-query-keys';
import { useContentLanguage } from '../../../lib/use-content-language';

export type HistoryData = InfiniteData<Page<HistoryItem>, number>;

/** GET /history: one row per drama, newest first, 20 at a time (spec §2). */
export async function fetchHistoryPage(lang: Language, page: number): Promise<Page<HistoryItem>> {
  const { data } = await api.call(listHistory, { query: { page, size: DEFAULT_PAGE_SIZE, lang } });
  return data;
}

export const historyQueryOptions = (lang: Language) =>
  infiniteQueryOptions({
    queryKey: [...HISTORY_QUERY_KEY, lang],
    queryFn: ({ pageParam }) => fetchHistoryPage(lang, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // Watching moves a drama to the top and its position on: always show the latest.
    staleTime: 0,
  });

export function useHistory({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...historyQueryOptions(useContentLanguage()), enabled });
}
