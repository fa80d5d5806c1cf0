/** The playback messages of docs/product.md#client-messages, as `errors.*` keys. */
export type PlayerError = 'invalidVideo' | 'loadVideoFailed' | 'playbackFailed';

export const PLAYER_ERROR_KEYS = {
  invalidVideo: 'errors.invalidVideo',
  loadVideoFailed: 'errors.loadVideoFailed',
  playbackFailed: 'errors.playbackFailed',
} as const satisfies Record<PlayerError, string>;

export const SUBTITLE_ERROR_KEY = 'errors.loadSubtitlesFailed';

/** A playlist URL the player can load: anything but an empty or malformed address. */
export function isUsablePlaylist(url: string | null | undefined): url is string {
  if (!url || !url.trim()) return false;
  try {
    new URL(url, 'http://player.invalid');
    return true;
  } catch {
    return false;
  }
}

export type HlsErrorAction = 'ignore' | 'recover' | PlayerError;

/**
 * What to do with an hls.js error: hls.js retries non-fatal ones itself; a fatal network error
 * (manifest, level or segment) is "Failed to load video"; a fatal media error gets one
 * `recoverMediaError()` and is "Playback failed" after that; anything else fatal is "Playback failed".
 */
export function hlsErrorAction(error: { fatal: boolean; type: string }, alreadyRecovered: boolean): HlsErrorAction {
  if (!error.fatal) return 'ignore';
  if (error.type === 'networkError') return 'loadVideoFailed';
  if (error.type === 'mediaError') return alreadyRecovered ? 'playbackFailed' : 'recover';
  return 'playbackFailed';
}

export type PlayRejection = 'autoplay-blocked' | 'ignore' | 'playbackFailed';

/**
 * Why `video.play()` was refused: NotAllowedError is the autoplay policy (retry muted);
 * AbortError means a newer load or pause interrupted it (nothing wrong); anything else failed.
 */
export function playRejection(error: unknown): PlayRejection {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return 'autoplay-blocked';
  if (name === 'AbortError') return 'ignore';
  return 'playbackFailed';
}

/** A native `<video>` error (no hls.js): network and unsupported source are load failures. */
export function mediaElementError(code: number | undefined): PlayerError | null {
  switch (code) {
    case 1: // MEDIA_ERR_ABORTED: the viewer or the app stopped the load.
      return null;
    case 2: // MEDIA_ERR_NETWORK
    case 4: // MEDIA_ERR_SRC_NOT_SUPPORTED: also what a refused playlist looks like natively.
      return 'loadVideoFailed';
    default: // MEDIA_ERR_DECODE and anything unknown.
      return 'playbackFailed';
  }
}
