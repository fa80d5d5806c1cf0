import { playEpisode, type Language, type Playback } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A signed playlist is reused until shortly before its signatures expire. */
const EXPIRY_MARGIN_MS = 60_000;

function staleMs(playback: Playback | undefined): number {
  const expires = playback ? Date.parse(playback.expires_at) : Number.NaN;
  return Number.isFinite(expires) ? Math.max(0, expires - Date.now() - EXPIRY_MARGIN_MS) : 0;
}

/** GET /episodes/:id/play of a drama's opening: a free episode, so it plays for anyone. */
const openingQuery = (episodeId: number, lang: Language) =>
  queryOptions({
    queryKey: ['for-you', 'opening', episodeId, lang],
    queryFn: async () => (await api.call(playEpisode, { params: { id: episodeId }, query: { lang } })).data,
    staleTime: (query) => staleMs(query.state.data),
  });

/**
 * The current opening's playback, and the next one's, asked for once the current one is in (not
 * competing with it), so the stage preloads it and a swipe shows a frame at once.
 */
export function useOpenings(current: number | null, next: number | null, lang: Language) {
  const playing = useQuery({ ...openingQuery(current ?? 0, lang), enabled: current !== null });
  const upcoming = useQuery({ ...openingQuery(next ?? 0, lang), enabled: next !== null && playing.isSuccess });
  return { playing, upcoming: upcoming.data ?? null };
}
