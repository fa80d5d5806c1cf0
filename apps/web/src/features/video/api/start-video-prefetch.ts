import { requestInterstitialAd } from '../ads/get-interstitial-ad';
import { requestDrama } from './get-drama';
import { requestPlayback } from './play-episode';
import { prefetchVideo } from './prefetch';

/** Called by the route table as a video page starts loading: see prefetch.ts. */
export function startVideoPrefetch(search: string): void {
  prefetchVideo(search, { fetchDrama: requestDrama, fetchPlayback: requestPlayback, fetchAd: requestInterstitialAd });
}
