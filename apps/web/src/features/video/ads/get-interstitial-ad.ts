import { getNextAd, type Ad } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { silentApi } from '../../../lib/api-client';
import { prefetchKey, takePrefetched } from '../api/prefetch';

/**
 * GET /ads/next?episode_id= before an episode starts: a house ad, or null (VIP, not this episode,
 * no clip). Silent: an ad that cannot be fetched simply is not shown.
 */
export async function requestInterstitialAd(episodeId: number): Promise<Ad | null> {
  try {
    const { data } = await silentApi.call(getNextAd, { query: { kind: 'interstitial', episode_id: episodeId } });
    return data.ad?.placement === 'interstitial' ? data.ad : null;
  } catch {
    return null;
  }
}

/** The decision, taking over one the route asked for before the page code arrived (api/prefetch.ts). */
export function fetchInterstitialAd(episodeId: number): Promise<Ad | null> {
  return takePrefetched<Ad | null>(prefetchKey.ad(episodeId)) ?? requestInterstitialAd(episodeId);
}

/**
 * Asked once per start of an episode (the server counts starts for its interval): kept while the
 * episode is on screen, dropped as soon as the viewer moves on, so coming back asks again.
 */
export function useInterstitialAd(episodeId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['video', 'ad', episodeId],
    queryFn: () => fetchInterstitialAd(episodeId!),
    enabled: enabled && episodeId !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
