import { DEFAULT_PAGE_SIZE, listFavorites } from '@cliffhanger/contract/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FAVORITES_QUERY_KEY } from '../../../lib/library-query-keys';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /favorites: one page of 20, newest first. */
export function useFavorites({ enabled }: { enabled: boolean }) {
  const lang = useContentLanguage();
  return useInfiniteQuery({
    queryKey: [...FAVORITES_QUERY_KEY, lang],
    queryFn: async ({ pageParam: page }) =>
      (await api.call(listFavorites, { query: { page, size: DEFAULT_PAGE_SIZE, lang } })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // The video pages add favourites: coming back to the tab shows them at once.
    staleTime: 0,
    enabled,
  });
}
