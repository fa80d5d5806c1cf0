import { useEffect, useRef } from 'react';
import { setMuted } from './media-element';
import { playRejection } from './player-errors';

export interface AutoplayOptions {
  video: HTMLVideoElement | null;
  /** Only the visible player plays. */
  enabled: boolean;
  muted: boolean;
  /** Unmuted autoplay was refused: the player went on muted; show an unmute button. */
  onMutedByPolicy: () => void;
  onFailed: () => void;
}

/**
 * Starts playback when the player comes on screen. Browsers refuse unmuted autoplay without a
 * gesture; then it starts muted. A refusal of any other kind is "Playback failed".
 */
export function useAutoplay({ video, enabled, muted, onMutedByPolicy, onFailed }: AutoplayOptions): void {
  const callbacks = useRef({ onMutedByPolicy, onFailed, muted });
  useEffect(() => {
    callbacks.current = { onMutedByPolicy, onFailed, muted };
  });

  useEffect(() => {
    if (video) setMuted(video, muted);
  }, [video, muted]);

  useEffect(() => {
    if (!video || !enabled) return;
    let cancelled = false;
    setMuted(video, callbacks.current.muted);
    const start = async () => {
      try {
        await video.play();
      } catch (error) {
        if (cancelled) return;
        const reason = playRejection(error);
        if (reason === 'playbackFailed') {
          callbacks.current.onFailed();
          return;
        }
        if (reason !== 'autoplay-blocked' || video.muted) return;
        setMuted(video, true);
        callbacks.current.onMutedByPolicy();
        try {
          await video.play();
        } catch (retryError) {
          // Refused even muted (a strict policy): it waits, paused, for a tap.
          if (!cancelled && playRejection(retryError) === 'playbackFailed') callbacks.current.onFailed();
        }
      }
    };
    void start();
    return () => {
      cancelled = true;
      video.pause();
    };
  }, [video, enabled]);
}
