import { getNextAd, type Ad, type NextAd } from '@cliffhanger/contract/browser';
import { QueryObserver, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { silentApi } from '../../../lib/api-client';

/**
 * GET /ads/next?episode_id= before an episode starts: a house ad, or null (VIP, not this episode,
 * no clip). Silent: an ad that cannot be fetched simply is not shown.
 * Asked once per start of an episode (the server counts starts for its interval): kept while the
 * episode is on screen, dropped as soon as nobody observes it, so coming back asks again.
 */
const interstitialOf = (answer: NextAd): Ad | null => (answer.ad?.placement === 'interstitial' ? answer.ad : null);

const interstitialAdQueryOptions = (episodeId: number | null) =>
  queryOptions({
    queryKey: ['video', 'ad', episodeId],
    queryFn: async (): Promise<Ad | null> => {
      try {
        const { data } = await silentApi.call(getNextAd, { query: { kind: 'interstitial', episode_id: episodeId! } });
        return interstitialOf(data);
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useInterstitialAd(episodeId: number | null, enabled: boolean) {
  return useQuery({ ...interstitialAdQueryOptions(episodeId), enabled: enabled && episodeId !== null });
}

/** How long a decision asked for before its page is there is kept for it. */
const HANDOFF_MS = 15_000;

/**
 * Asks for the decision before the page is there to observe it (the video route's loader), or
 * takes the `known` answer the server wrote into the HTML. A query nobody observes is dropped at
 * once, and a second ask would count a second start, so an observer of its own keeps the answer
 * until the page's takes over (or HANDOFF_MS have passed).
 */
export function prefetchInterstitialAd(queryClient: QueryClient, episodeId: number, known?: NextAd): Promise<Ad | null> {
  const options = interstitialAdQueryOptions(episodeId);
  const hold = new QueryObserver(queryClient, options);
  const query = hold.getCurrentQuery();
  // Set before the observer subscribes: with the answer there, it does not fetch.
  if (known) queryClient.setQueryData(options.queryKey, interstitialOf(known));
  const unwatch = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'observerAdded' && event.query === query && event.observer !== hold) release();
  });
  const unhold = hold.subscribe(() => undefined);
  const timer = setTimeout(() => release(), HANDOFF_MS);
  function release() {
    clearTimeout(timer);
    unwatch();
    unhold();
  }
  return queryClient.ensureQueryData(options);
}
