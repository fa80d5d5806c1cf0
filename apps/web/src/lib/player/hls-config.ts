import type { HlsConfig } from './hls';
import { HLS_WORKER_URL } from './hls-worker';

/** A preloading player fetches the first 4 s segment and stops, so a swipe shows a frame at once. */
const PRELOAD_BUFFER_S = 1;
export const PLAY_BUFFER_S = 30;
const PLAY_MAX_BUFFER_S = 60;

/** hls.js retries inside the stall window: quick, with backoff, and a short first-byte timeout. */
const FRAGMENT_LOAD_POLICY = {
  default: {
    maxTimeToFirstByteMs: 4_000,
    maxLoadTimeMs: 20_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 3, retryDelayMs: 500, maxRetryDelayMs: 2_000, backoff: 'exponential' as const },
  },
};

/** How far ahead a player buffers: on screen, well ahead; hidden, only the start. */
function bufferLengths(active: boolean): Pick<HlsConfig, 'maxBufferLength' | 'maxMaxBufferLength'> {
  return active
    ? { maxBufferLength: PLAY_BUFFER_S, maxMaxBufferLength: PLAY_MAX_BUFFER_S }
    : { maxBufferLength: PRELOAD_BUFFER_S, maxMaxBufferLength: PRELOAD_BUFFER_S };
}

/** The episode player's hls.js settings: on screen it buffers ahead, hidden it loads the start. */
export function hlsConfig(active: boolean, startPosition: number): Partial<HlsConfig> {
  return {
    startPosition: startPosition > 0 ? startPosition : -1,
    ...bufferLengths(active),
    capLevelToPlayerSize: false,
    fragLoadPolicy: FRAGMENT_LOAD_POLICY,
    // The variant playlist often arrives before the MediaSource opens (the page preloads it), or
    // before there is an element at all (early-player.ts): without this, hls.js asks for the
    // first segment only at its next 100 ms tick after the open.
    startFragPrefetch: true,
    // hls.js's ESM build cannot make its worker from its own source as the UMD build does: without
    // a path it turns every segment into the MediaSource's format on the page's thread, beside
    // the app's start. The worker file is copied into the build with a content hash.
    workerPath: HLS_WORKER_URL,
  };
}

/** Buffers like a player that is (or is no longer) on screen. */
export function setBuffering(config: HlsConfig, active: boolean): void {
  Object.assign(config, bufferLengths(active));
}
