import { DEFAULT_PAGE_SIZE, listFavorites, type FavoriteItem, type Language, type Page } from '@cliffhanger/contract/browser';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FAVORITES_QUERY_KEY } from '../../../lib/library-query-keys';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /favorites: one page of 20 (spec §2), newest first. */
export async function fetchFavoritesPage(lang: Language, page: number): Promise<Page<FavoriteItem>> {
  const { data } = await api.call(listFavorites, { query: { page, size: DEFAULT_PAGE_SIZE, lang } });
  return data;
}

export const favoritesQueryOptions = (lang: Language) =>
  infiniteQueryOptions({
    queryKey: [...FAVORITES_QUERY_KEY, lang],
    queryFn: ({ pageParam }) => fetchFavoritesPage(lang, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // The video pages add favourites: coming back to the tab shows them at once.
    staleTime: 0,
  });

export function useFavorites({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...favoritesQueryOptions(useContentLanguage()), enabled });
}
