import type { HlsConfig } from './hls';

/** A preloading player fetches the first 4 s segment and stops, so a swipe shows a frame at once. */
export const PRELOAD_BUFFER_S = 1;
export const PLAY_BUFFER_S = 30;
export const PLAY_MAX_BUFFER_S = 60;

/** hls.js retries inside the stall window: quick, with backoff, and a short first-byte timeout. */
const FRAGMENT_LOAD_POLICY = {
  default: {
    maxTimeToFirstByteMs: 4_000,
    maxLoadTimeMs: 20_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 3, retryDelayMs: 500, maxRetryDelayMs: 2_000, backoff: 'exponential' as const },
  },
};

/** The episode player's hls.js settings: on screen it buffers ahead, hidden it loads the start. */
export function hlsConfig(active: boolean, startPosition: number): Partial<HlsConfig> {
  const buffer = active ? PLAY_BUFFER_S : PRELOAD_BUFFER_S;
  return {
    startPosition: startPosition > 0 ? startPosition : -1,
    maxBufferLength: buffer,
    maxMaxBufferLength: active ? PLAY_MAX_BUFFER_S : buffer,
    capLevelToPlayerSize: false,
    fragLoadPolicy: FRAGMENT_LOAD_POLICY,
    // The variant playlist often arrives before the MediaSource opens (the page preloads it), or
    // before there is an element at all (early-player.ts): without this, hls.js asks for the
    // first segment only at its next 100 ms tick after the open.
    startFragPrefetch: true,
  };
}

/** Buffers like a player that is (or is no longer) on screen. */
export function setBuffering(config: HlsConfig, active: boolean): void {
  config.maxBufferLength = active ? PLAY_BUFFER_S : PRELOAD_BUFFER_S;
  config.maxMaxBufferLength = active ? PLAY_MAX_BUFFER_S : PRELOAD_BUFFER_S;
}
