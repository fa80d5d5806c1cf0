import { takeBootstrap } from '../../../lib/bootstrap';
import { isSignedIn } from '../../../lib/session';
import { requestInterstitialAd } from '../ads/get-interstitial-ad';
import { requestDrama } from './get-drama';
import { requestPlayback } from './play-episode';
import { prefetchVideo } from './prefetch';

/** The playback the HTML carried, with the pre-roll decision asked for it. */
export interface InlinedStart {
  src: string;
  episodeId: number;
  adDecision: Promise<unknown> | null;
}

let inlinedStart: InlinedStart | null = null;

/**
 * The playback the HTML carried, once: its player starts as soon as the page's code is here,
 * before React renders (player/early-player.ts).
 */
export function takeInlinedStart(): InlinedStart | null {
  const start = inlinedStart;
  inlinedStart = null;
  return start;
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
      inlinedStart = { src: playback.playlist_url, episodeId, adDecision: null };
      return Promise.resolve(playback);
    },
    fetchAd: (episodeId) => {
      const decision = requestInterstitialAd(episodeId);
      if (inlinedStart?.episodeId === episodeId) inlinedStart.adDecision = decision;
      return decision;
    },
  });
}
