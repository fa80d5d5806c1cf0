import { takeBootstrap } from '../../../lib/bootstrap';
import { isSignedIn } from '../../../lib/session';
import { requestInterstitialAd } from '../ads/get-interstitial-ad';
import { requestDrama } from './get-drama';
import { requestPlayback } from './play-episode';
import { prefetchVideo } from './prefetch';

/**
 * Called by the route table as a video page starts loading: see prefetch.ts. A visitor's drama and
 * first playback may already be in the HTML (lib/bootstrap.ts); they stand in for the two calls.
 * A signed-in viewer's answers carry their own locks and progress, so they always ask.
 */
export function startVideoPrefetch(search: string): void {
  const inlined = !isSignedIn();
  prefetchVideo(search, {
    fetchDrama: (dramaId, lang) => {
      const drama = inlined ? takeBootstrap('drama', lang, (d) => d.id === dramaId) : undefined;
      return drama ? Promise.resolve(drama) : requestDrama(dramaId, lang);
    },
    fetchPlayback: (episodeId, lang) => {
      const playback = inlined ? takeBootstrap('playback', lang, (p) => p.episode.id === episodeId) : undefined;
      if (!playback) return requestPlayback(episodeId, lang);
      // hls.js starts on it as soon as its code is here, before the page renders.
      import('../player/early-player').then(
        (player) => player.startEarlyPlayer(playback.playlist_url),
        () => undefined, // the page's own import will fail and say so
      );
      return Promise.resolve(playback);
    },
    fetchAd: requestInterstitialAd,
  });
}
