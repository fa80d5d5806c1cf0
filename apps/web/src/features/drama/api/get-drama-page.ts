import { getDrama, type Language } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dramaQueryKey } from '../../../lib/library-query-keys';

/**
 * GET /dramas/:id for the drama's sheet: facts, episodes with this viewer's locks and prices,
 * favourite and progress. Kept under the key the video pages read, so Play opens on it.
 */
const dramaPageQueryOptions = (dramaId: number, lang: Language) =>
  queryOptions({
    queryKey: [...dramaQueryKey(dramaId), lang] as const,
    queryFn: async () => (await api.call(getDrama, { params: { id: dramaId }, query: { lang } })).data,
    staleTime: 30_000,
  });

export function useDramaPage(dramaId: number, lang: Language) {
  return useQuery(dramaPageQueryOptions(dramaId, lang));
}
