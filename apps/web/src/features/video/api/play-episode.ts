import {
  Code,
  parseEpisodeLocked,
  isApiError,
  playEpisode,
  type EpisodeLocked,
  type Language,
  type Playback,
} from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

/** A cached playback is reused until shortly before its signatures expire. */
const EXPIRY_MARGIN_MS = 60_000;
const PLAYBACK_GC_MS = 10 * 60_000;

function playbackStaleMs(playback: Playback | undefined, now = Date.now()): number {
  const expires = playback ? Date.parse(playback.expires_at) : Number.NaN;
  return Number.isFinite(expires) ? Math.max(0, expires - now - EXPIRY_MARGIN_MS) : 0;
}

/** GET /episodes/:id/play: a signed playlist, or a Code.EPISODE_LOCKED rejection carrying the prices. */
export const playbackQueryOptions = (episodeId: number, lang: Language) =>
  queryOptions({
    queryKey: videoKeys.playback(episodeId, lang),
    queryFn: async () => (await api.call(playEpisode, { params: { id: episodeId }, query: { lang } })).data,
    staleTime: (query) => playbackStaleMs(query.state.data),
    gcTime: PLAYBACK_GC_MS,
  });

export function usePlayback(episodeId: number | null, lang: Language) {
  return useQuery({ ...playbackQueryOptions(episodeId ?? 0, lang), enabled: episodeId !== null });
}

/** The prices of a Code.EPISODE_LOCKED rejection, or null for any other failure. */
export function lockedDataFrom(error: unknown): EpisodeLocked | null {
  if (!isApiError(error) || error.code !== Code.EPISODE_LOCKED) return null;
  return parseEpisodeLocked(error.data);
}
