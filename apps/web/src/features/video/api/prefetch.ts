import type { DramaDetail, Language, Playback } from '@cliffhanger/contract/browser';
import { currentLanguage } from '../../../lib/i18n';
import { dramaIdFrom, episodeToPlay, idFrom } from '../video-params';

/**
 * Starts the two calls a video page needs before its code has even arrived (the page chunk
 * carries hls.js and takes a while on a slow phone): the drama, then the episode to play.
 * The page's queries take these promises over once (`takePrefetched`) instead of asking again,
 * so the first frame waits for one round of requests, not two in a row after the chunk.
 */
const HANDOFF_MS = 15_000;

interface Pending {
  promise: Promise<unknown>;
  at: number;
}

const pending = new Map<string, Pending>();

export const prefetchKey = {
  drama: (dramaId: number, lang: Language) => `drama:${dramaId}:${lang}`,
  playback: (episodeId: number, lang: Language) => `playback:${episodeId}:${lang}`,
  ad: (episodeId: number) => `ad:${episodeId}`,
};

function remember<T>(key: string, promise: Promise<T>): Promise<T> {
  // A prefetch nobody takes must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  pending.set(key, { promise, at: Date.now() });
  return promise;
}

function rememberOnly(key: string, promise: Promise<unknown>): void {
  void remember(key, promise);
}

/** The prefetched promise for `key`, once; undefined when none or too old. */
export function takePrefetched<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const entry = pending.get(key);
  pending.delete(key);
  if (!entry || now - entry.at > HANDOFF_MS) return undefined;
  return entry.promise as Promise<T>;
}

export interface VideoFetchers {
  fetchDrama(dramaId: number, lang: Language): Promise<DramaDetail>;
  fetchPlayback(episodeId: number, lang: Language): Promise<Playback>;
  /** The pre-roll decision (GET /ads/next) for the episode; asked with its playback. */
  fetchAd(episodeId: number): Promise<unknown>;
}

function prefetchEpisode(episodeId: number, lang: Language, fetchers: VideoFetchers): void {
  rememberOnly(prefetchKey.playback(episodeId, lang), fetchers.fetchPlayback(episodeId, lang));
  rememberOnly(prefetchKey.ad(episodeId), fetchers.fetchAd(episodeId));
}

/** Prefetches for a video page URL's query (`?drama_id=…&episode_id=…`). */
export function prefetchVideo(search: string, fetchers: VideoFetchers, lang: Language = currentLanguage()): void {
  const params = new URLSearchParams(search);
  const dramaId = dramaIdFrom(params);
  if (dramaId === null) return;
  const requested = idFrom(params.get('episode_id'));
  const drama = remember(prefetchKey.drama(dramaId, lang), fetchers.fetchDrama(dramaId, lang));
  if (requested !== null) {
    prefetchEpisode(requested, lang, fetchers);
    return;
  }
  void drama
    .then((detail) => {
      const episodeId = episodeToPlay(null, detail);
      if (episodeId === null) return;
      const episode = detail.episodes.find((e) => e.id === episodeId);
      // A locked episode answers 30002; the page asks itself and shows the unlock dialog.
      if (episode && !episode.locked) prefetchEpisode(episodeId, lang, fetchers);
    })
    .catch(() => undefined);
}
