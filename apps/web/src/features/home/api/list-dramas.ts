import { DEFAULT_PAGE_SIZE, listDramas, type DramaSort, type Genre } from '@cliffhanger/contract/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContentLanguage } from '../../../lib/use-content-language';

/**
 * GET /dramas: one page of 20, sorted, optionally of one genre and filtered by title (`q`; empty
 * browses everything).
 */
export function useDramaList({ sort, q, genre }: { sort: DramaSort; q: string; genre: Genre | null }) {
  const lang = useContentLanguage();
  return useInfiniteQuery({
    queryKey: ['dramas', { sort, q, genre, lang }],
    queryFn: async ({ pageParam: page }) => {
      const query = { sort, page, size: DEFAULT_PAGE_SIZE, lang, ...(q ? { q } : {}), ...(genre ? { genre } : {}) };
      return (await api.call(listDramas, { query })).data;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
