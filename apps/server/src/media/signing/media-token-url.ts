import { episodeDirOf } from '../storage/media-paths.js';
import { publicMediaUrl } from '../storage/public-url.js';
import type { MediaTokenSigner } from './media-token.js';

/** The path segment before a token: `/media/t/<token>/episodes/…`. */
const TOKEN_PREFIX = 't';

/**
 * The URL a browser loads for a stored episode file, opened by a token for its episode directory
 * until `exp` (unix seconds): `<MEDIA_BASE_URL>/t/<token>/<path>`. Every URL of one episode minted
 * with one `exp` carries the same token.
 */
export function tokenedMediaUrl(signer: MediaTokenSigner, mediaBaseUrl: string, path: string, exp: number): string {
  const scope = episodeDirOf(path);
  if (scope === null) throw new RangeError(`not an episode file: ${JSON.stringify(path)}`);
  return publicMediaUrl(mediaBaseUrl, `${TOKEN_PREFIX}/${signer.mint(scope, exp)}/${path}`);
}

/** The media path of a tokened URL on `mediaBaseUrl` and the URL's part before it, or null. */
export function splitTokenedUrl(url: string, mediaBaseUrl: string): { prefix: string; path: string } | null {
  const base = `${mediaBaseUrl.replace(/\/+$/, '')}/${TOKEN_PREFIX}/`;
  if (!url.startsWith(base)) return null;
  const slash = url.indexOf('/', base.length);
  if (slash < 0) return null;
  return { prefix: url.slice(0, slash + 1), path: url.slice(slash + 1).split('?', 1)[0] ?? '' };
}
