import { Code, isApiError, type EpisodeSummary, type Playback } from '@cliffhanger/contract/browser';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useContentLanguage } from '../../../lib/use-content-language';
import { useDrama } from '../api/get-drama';
import { lockedDataFrom, usePlayback } from '../api/play-episode';
import type { PlayerControls } from '../components/player-stage';
import type { UnlockKind, UnlockOffer } from '../components/unlock-dialog';
import { dramaIdFrom, episodeToPlay, idFrom } from '../video-params';
import { useHeldAdvance } from './advance-hold';
import { useEpisodeKeys } from './use-episode-keys';
import { useUnlockFlow } from './use-unlock-flow';
import { rememberedPosition, resumePosition } from './use-progress-saver';

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
 * Code.EPISODE_LOCKED prices), neighbours and moving between episodes (the arrow keys too; Space pauses through
 * `controls`), the preloaded next episode, and the unlock dialog's state.
 */
export function useVideoSession() {
  const lang = useContentLanguage();
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

  const flow = useUnlockFlow({ dramaId, episodeId, locked, settled: !playback.isFetching });
  const { armAutoUnlock } = flow;
  // Every move to another episode (swipe, arrow key, the end of an episode, the grid) goes here.
  const goTo = useCallback(
    (id: number) => {
      if (dramaId === null) return;
      armAutoUnlock(id);
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
    [dramaId, setParams, armAutoUnlock],
  );
  const goNext = useCallback(() => {
    if (next) goTo(next.id);
  }, [next, goTo]);
  // The end of an episode moves on, except while a sheet is open or the viewer is typing.
  const onEnded = useHeldAdvance(goNext, episodeId);
  const goPrev = useCallback(() => {
    if (prev) goTo(prev.id);
  }, [prev, goTo]);
  const controls = useRef<PlayerControls>(null);
  useEpisodeKeys({ onNext: goNext, onPrev: goPrev, onTogglePlay: () => controls.current?.togglePlay() });

  const offer: UnlockOffer | null = locked
    ? {
        dramaId: locked.drama_id,
        episodeId: locked.episode_id,
        episodeNumber: locked.episode_number,
        prices: locked.prices,
        // The stored balance, which every wallet answer updates: the same number Me and Rewards show.
        coin: locked.signed_in ? (session.userInfo?.coin ?? locked.coin) : locked.coin,
        signedIn: locked.signed_in,
      }
    : null;

  return {
    signedIn: session.signedIn,
    drama: drama.data,
    episodeId,
    current,
    playback: playback.data && !wrongDrama ? playback.data : null,
    startPosition: playback.data ? startFor(playback.data) : 0,
    nextPreload: nextPlayback.data ? { playback: nextPlayback.data, startPosition: startFor(nextPlayback.data) } : null,
    problem,
    retry: () => void playback.refetch(),
    goTo,
    goNext,
    goPrev,
    onEnded,
    controls,
    locked: offer,
    unlockOpen: offer !== null && flow.dialogAllowed,
    openUnlock: flow.openUnlock,
    closeUnlock: flow.closeUnlock,
    unlocking: flow.unlocking,
    insufficient: flow.insufficient,
    onUnlock: (kind: UnlockKind) => void flow.onUnlock(kind),
  };
}

export type VideoSession = ReturnType<typeof useVideoSession>;
