import { extname } from 'node:path';

/** Avatar files are named by the server (`avatars/<uuid>.webp`); nothing else lives there. */
export const AVATAR_PATH = /^avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * A relative media path we could have written: lowercase segments of letters, digits, `-`, `_`
 * and one dot before the extension. No `..`, no absolute paths, no encoded characters — checked
 * by construction rather than by looking for bad sequences.
 */
const SAFE_PATH = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]+$/;

/** Longest media path accepted, in characters. */
const MAX_PATH_CHARS = 1024;

/** A path segment: conservative file-name characters only (the transcoder emits nothing else). */
const SEGMENT_RE = /^[A-Za-z0-9._~-]+$/;

/**
 * The canonical form of a relative media path (e.g. `episodes/42/hd/seg_003.ts`), or null when
 * the path is unsafe or malformed.
 *
 * The path is percent-decoded exactly once, then must be non-empty, relative (no leading `/`),
 * free of backslashes, NUL and other control characters, with no empty (`a//b`), `.` or `..`
 * segments, and every segment limited to `[A-Za-z0-9._~-]`. Since `%` is not allowed after the
 * decode, double-encoded traversal (`%252e%252e`) is refused too, and a canonical path is a
 * fixed point: normaliseMediaPath(normaliseMediaPath(p)) === normaliseMediaPath(p).
 */
export function normaliseMediaPath(path: string): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_CHARS * 3) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null; // malformed percent-encoding
  }
  if (decoded.length === 0 || decoded.length > MAX_PATH_CHARS) return null;
  const segments = decoded.split('/');
  for (const segment of segments) {
    // Empty (leading `/`, `a//b`, trailing `/`), `.`/`..`, or any character outside the allowlist
    // (backslash, NUL, control characters, `%`, `?`, `#`, `:`, spaces, non-ASCII …).
    if (segment === '' || segment === '.' || segment === '..' || !SEGMENT_RE.test(segment)) return null;
  }
  return decoded;
}

export function isSafeMediaPath(path: string): boolean {
  return path.length <= 256 && SAFE_PATH.test(path);
}

/** True for paths this server stored (as opposed to a provider's absolute avatar URL or ''). */
export function isStoredMediaPath(path: string): boolean {
  return AVATAR_PATH.test(path);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt',
  '.mp4': 'video/mp4',
  '.json': 'application/json',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Who may fetch a stored path through the media route (docs/media.md#playback):
 * - `avatar`: public and immutable (the name is a fresh UUID per upload);
 * - `public`: posters and banners, public for a day (re-import may replace them);
 * - `signed`: everything of an episode, only with a valid, unexpired signature;
 * - null: nothing is served from anywhere else.
 */
export type MediaAccess = 'avatar' | 'public' | 'signed';

export function mediaAccessOf(path: string): MediaAccess | null {
  if (AVATAR_PATH.test(path)) return 'avatar';
  if (path.startsWith('posters/') || path.startsWith('banners/')) return 'public';
  if (path.startsWith('episodes/')) return 'signed';
  return null;
}

/** An episode directory itself, `episodes/<slug>/<dir>`, in the characters the store writes. */
const EPISODE_DIR = /^episodes\/[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*$/;

export function isEpisodeDir(path: string): boolean {
  return path.length <= 256 && EPISODE_DIR.test(path);
}

/**
 * The episode directory (`episodes/<slug>/<n>`) a path under `episodes/` belongs to: a
 * rewritten playlist may only point inside it. null for a path not deep enough to be in one.
 */
export function episodeDirOf(path: string): string | null {
  const segments = path.split('/');
  if (segments[0] !== 'episodes' || segments.length < 4) return null;
  return segments.slice(0, 3).join('/');
}
