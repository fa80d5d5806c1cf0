import { DEFAULT_PAGE_SIZE, listDramas, type DramaCard, type DramaSort, type Language, type Page } from '@cliffhanger/contract/browser';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContentLanguage } from '../../../lib/use-content-language';

export interface DramaListFilter {
  sort: DramaSort;
  /** Title search; empty browses everything. */
  q: string;
}

/** GET /dramas: one page of 20 (spec §2), sorted, optionally filtered by title. */
export async function fetchDramaPage(filter: DramaListFilter, lang: Language, page: number): Promise<Page<DramaCard>> {
  const query = { sort: filter.sort, page, size: DEFAULT_PAGE_SIZE, lang, ...(filter.q ? { q: filter.q } : {}) };
  const { data } = await api.call(listDramas, { query });
  return data;
}

export const dramaListQueryOptions = (filter: DramaListFilter, lang: Language) =>
  infiniteQueryOptions({
    queryKey: ['dramas', { sort: filter.sort, q: filter.q, lang }],
    queryFn: ({ pageParam }) => fetchDramaPage(filter, lang, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

export function useDramaList(filter: DramaListFilter) {
  return useInfiniteQuery(dramaListQueryOptions(filter, useContentLanguage()));
}
