import { DEFAULT_PAGE_SIZE, listDramas, type DramaSort } from '@cliffhanger/contract/browser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useContentLanguage } from '../../../lib/use-content-language';

/** GET /dramas: one page of 20, sorted, optionally filtered by title (`q`; empty browses everything). */
export function useDramaList({ sort, q }: { sort: DramaSort; q: string }) {
  const lang = useContentLanguage();
  return useInfiniteQuery({
    queryKey: ['dramas', { sort, q, lang }],
    queryFn: async ({ pageParam: page }) => {
      const query = { sort, page, size: DEFAULT_PAGE_SIZE, lang, ...(q ? { q } : {}) };
      return (await api.call(listDramas, { query })).data;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
