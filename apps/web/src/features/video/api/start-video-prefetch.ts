import { takeBootstrap } from '../../../lib/bootstrap';
import { isSignedIn } from '../../../lib/session';
import { requestInterstitialAd } from '../ads/get-interstitial-ad';
import { requestDrama } from './get-drama';
import { requestPlayback } from './play-episode';
import { prefetchVideo } from './prefetch';

let inlinedPlaylist: string | null = null;

/**
 * The signed playlist of the playback the HTML carried, once: hls.js starts on it as soon as the
 * page's code is here, before React renders (player/early-player.ts).
 */
export function takeInlinedPlaylist(): string | null {
  const playlist = inlinedPlaylist;
  inlinedPlaylist = null;
  return playlist;
}

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
      inlinedPlaylist = playback.playlist_url;
      return Promise.resolve(playback);
    },
    fetchAd: requestInterstitialAd,
  });
}
