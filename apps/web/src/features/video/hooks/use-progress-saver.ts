import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveProgress } from '../api/save-progress';

/** Spec: progress is saved about every 5 s while playing, on pause and on leaving. */
const SAVE_EVERY_MS = 5_000;

/**
 * Positions saved during this visit. A cached playback keeps the position it was fetched with,
 * so coming back to an episode in the same visit resumes from here instead.
 */
const savedPositions = new Map<number, number>();

export function rememberedPosition(episodeId: number): number | undefined {
  return savedPositions.get(episodeId);
}

/** Where to start: the saved position, unless the episode was (nearly) finished. */
export function resumePosition(saved: number, durationS: number): number {
  if (!Number.isFinite(saved) || saved <= 0) return 0;
  if (durationS > 0 && saved >= durationS - 2) return 0;
  return saved;
}

/** Saves where a signed-in viewer is in an episode (PUT /history); failures stay silent. */
export function useProgressSaver(video: HTMLVideoElement | null, episodeId: number, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!video || !enabled) return;
    // Nothing is saved before playback really started, so a quick pass never overwrites a resume point.
    let started = false;
    let lastSavedAt = 0;
    let lastPosition = -1;
    const save = () => {
      const position = video.currentTime;
      if (!started || !Number.isFinite(position) || position === lastPosition) return;
      lastPosition = position;
      lastSavedAt = Date.now();
      savedPositions.set(episodeId, position);
      void saveProgress(episodeId, position);
    };
    const onPlaying = () => {
      started = true;
    };
    const onTimeUpdate = () => {
      if (!video.paused && Date.now() - lastSavedAt >= SAVE_EVERY_MS) save();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    const listening = new AbortController();
    const { signal } = listening;
    video.addEventListener('playing', onPlaying, { signal });
    video.addEventListener('timeupdate', onTimeUpdate, { signal });
    video.addEventListener('pause', save, { signal });
    video.addEventListener('ended', save, { signal });
    document.addEventListener('visibilitychange', onVisibility, { signal });
    window.addEventListener('pagehide', save, { signal });
    return () => {
      listening.abort();
      save();
      // History (another page) shows the new position on its next visit.
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    };
  }, [video, episodeId, enabled, queryClient]);
}
