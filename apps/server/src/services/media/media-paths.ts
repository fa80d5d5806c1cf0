import { extname } from 'node:path';

/** Avatar files are named by the server (`avatars/<uuid>.webp`); nothing else lives there. */
export const AVATAR_PATH = /^avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * A relative media path we could have written: lowercase segments of letters, digits, `-`, `_`
 * and one dot before the extension. No `..`, no absolute paths, no encoded characters — checked
 * by construction rather than by looking for bad sequences.
 */
const SAFE_PATH = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]+$/;

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
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
