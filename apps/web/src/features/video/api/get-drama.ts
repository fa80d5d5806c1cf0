import { getDrama, type DramaDetail, type Language } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prefetchKey, takePrefetched } from './prefetch';
import { videoKeys } from './video-keys';

/** GET /dramas/:id: the drama with its episodes, lock states and prices for this viewer. */
export async function requestDrama(dramaId: number, lang: Language): Promise<DramaDetail> {
  const { data } = await api.call(getDrama, { params: { id: dramaId }, query: { lang } });
  return data;
}

/** The drama, taking over a call the route started before the page code arrived (prefetch.ts). */
export function fetchDrama(dramaId: number, lang: Language): Promise<DramaDetail> {
  return takePrefetched<DramaDetail>(prefetchKey.drama(dramaId, lang)) ?? requestDrama(dramaId, lang);
}

export const dramaQueryOptions = (dramaId: number, lang: Language) =>
  queryOptions({
    queryKey: videoKeys.drama(dramaId, lang),
    queryFn: () => fetchDrama(dramaId, lang),
    staleTime: 30_000,
  });

export function useDrama(dramaId: number | null, lang: Language) {
  return useQuery({ ...dramaQueryOptions(dramaId ?? 0, lang), enabled: dramaId !== null });
}
