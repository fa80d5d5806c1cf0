import { Code, isApiError, type EpisodeSummary, type Playback } from '@cliffhanger/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDrama } from '../api/get-drama';
import { lockedDataFrom, usePlayback } from '../api/play-episode';
import { useUnlock, type UnlockRequest } from '../api/unlock';
import type { UnlockKind, UnlockOffer } from '../components/unlock-dialog';
import { dramaIdFrom, episodeToPlay, idFrom } from '../video-params';
import { rememberedPosition, resumePosition } from './use-progress-saver';

export { dramaIdFrom, episodeToPlay, idFrom };

/** The episodes before and after one, in drama order. */
export function neighbours(episodes: readonly EpisodeSummary[], episodeId: number | null) {
  const index = episodes.findIndex((episode) => episode.id === episodeId);
  if (index === -1) return { current: null, prev: null, next: null };
  return { current: episodes[index]!, prev: episodes[index - 1] ?? null, next: episodes[index + 1] ?? null };
}

/** Where to start an episode: this visit's last save, else the server's (history), near the end is 0. */
function startFor(playback: Playback): number {
  const saved = rememberedPosition(playback.episode.id) ?? playback.position_s;
  return resumePosition(saved, playback.episode.duration_s);
}

export type PageProblem = 'invalidVideo' | 'loadVideoFailed' | null;

function problemOf(error: unknown): PageProblem {
  if (!error) return null;
  if (isApiError(error) && (error.code === Code.NOT_FOUND || error.code === Code.INVALID_INPUT)) return 'invalidVideo';
  return 'loadVideoFailed';
}

/**
 * Everything both video pages share: the drama and episode from the URL, the playback (or the
 * 30002 prices), neighbours and moving between episodes, the preloaded next episode, and the
 * unlock dialog's state.
 */
export function useVideoSession() {
  useTranslation(); // re-render (and refetch in the new language) when the language changes
  const lang = currentLanguage();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const dramaId = dramaIdFrom(params);
  const requested = idFrom(params.get('episode_id'));

  const drama = useDrama(dramaId, lang);
  const episodeId = dramaId === null ? null : episodeToPlay(requested, drama.data);
  const playback = usePlayback(episodeId, lang);
  const episodes = drama.data?.episodes ?? [];
  const { current, prev, next } = neighbours(episodes, episodeId);

  const locked = lockedDataFrom(playback.error);
  const wrongDrama = playback.data !== undefined && dramaId !== null && playback.data.episode.drama_id !== dramaId;
  const problem: PageProblem =
    dramaId === null || wrongDrama || (drama.data && episodeId === null)
      ? 'invalidVideo'
      : (problemOf(drama.error) ?? (locked ? null : problemOf(playback.error)));

  // Preload the next episode once this one has its playlist, unless it is locked for this viewer.
  const nextId = playback.data?.next_episode_id ?? null;
  const nextSummary = episodes.find((episode) => episode.id === nextId);
  const nextPlayback = usePlayback(nextId !== null && nextSummary && !nextSummary.locked ? nextId : null, lang);

  const goTo = useCallback(
    (id: number) => {
      if (dramaId === null) return;
      setParams(
        (previous) => {
          const query = new URLSearchParams(previous);
          query.delete('id');
          query.set('drama_id', String(dramaId));
          query.set('episode_id', String(id));
          return query;
        },
        { replace: true },
      );
    },
    [dramaId, setParams],
  );
  const goNext = useCallback(() => {
    if (next) goTo(next.id);
  }, [next, goTo]);
  const goPrev = useCallback(() => {
    if (prev) goTo(prev.id);
  }, [prev, goTo]);

  // The dialog opens by itself for a locked episode; closing it keeps it closed for that episode.
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const offer: UnlockOffer | null = locked
    ? { episodeNumber: locked.episode_number, prices: locked.prices, coin: locked.coin, signedIn: locked.signed_in }
    : null;
  const unlockOpen = offer !== null && dismissedFor !== episodeId;
  const closeUnlock = useCallback(() => setDismissedFor(episodeId), [episodeId]);
  const openUnlock = useCallback(() => setDismissedFor(null), []);

  const unlock = useUnlock(dramaId ?? 0);
  const [unlocking, setUnlocking] = useState(false);
  const onUnlock = useCallback(
    async (kind: UnlockKind) => {
      if (!locked) return;
      const request: UnlockRequest =
        kind === 'all' ? { drama_id: locked.drama_id, all: true } : { episode_id: locked.episode_id };
      setUnlocking(true);
      try {
        await unlock(request);
      } finally {
        setUnlocking(false);
      }
    },
    [locked, unlock],
  );

  return {
    lang,
    signedIn: session.signedIn,
    dramaId,
    drama: drama.data,
    dramaLoading: drama.isPending && dramaId !== null,
    episodeId,
    current,
    prev,
    next,
    playback: playback.data && !wrongDrama ? playback.data : null,
    startPosition: playback.data ? startFor(playback.data) : 0,
    nextPreload: nextPlayback.data ? { playback: nextPlayback.data, startPosition: startFor(nextPlayback.data) } : null,
    problem,
    retry: () => void playback.refetch(),
    goTo,
    goNext,
    goPrev,
    locked: offer,
    unlockOpen,
    openUnlock,
    closeUnlock,
    unlocking,
    onUnlock: (kind: UnlockKind) => void onUnlock(kind),
  };
}

export type VideoSession = ReturnType<typeof useVideoSession>;
