import { getDrama, type Language } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

/** GET /dramas/:id: the drama with its episodes, lock states and prices for this viewer. */
export const dramaQueryOptions = (dramaId: number, lang: Language) =>
  queryOptions({
    queryKey: videoKeys.drama(dramaId, lang),
    queryFn: async () => (await api.call(getDrama, { params: { id: dramaId }, query: { lang } })).data,
    staleTime: 30_000,
  });

export function useDrama(dramaId: number | null, lang: Language) {
  return useQuery({ ...dramaQueryOptions(dramaId ?? 0, lang), enabled: dramaId !== null });
}
