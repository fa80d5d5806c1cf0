import type { Readable } from 'node:stream';
import type { MediaTokenSigner, TokenCheck } from './signing/media-token.js';
import { playlistMediaPaths } from './signing/playlist-scope.js';
import { parseByteRange, sliceStream, UNSATISFIABLE } from './storage/byte-range.js';
import type { ServedEpisodeDirs } from './served-episode-dirs.js';
import {
  contentTypeOf,
  episodeDirOf,
  isEpisodeDir,
  isSafeMediaPath,
  mediaAccessOf,
  normaliseMediaPath,
} from './storage/media-paths.js';
import type { MediaObject, MediaStorage } from './storage/media-storage.js';

/** Posters and banners may be replaced by a re-import, so a day rather than forever. */
const PUBLIC_MAX_AGE_S = 24 * 60 * 60;
/**
 * How long a shared cache (the edge, a CDN) keeps an episode's file: a year. Episode directories
 * are named after their content, so a re-import writes a new directory instead of changing bytes.
 */
const EDGE_MAX_AGE_S = 365 * 24 * 60 * 60;
/**
 * How long a shared cache (the edge) may keep the answer of a directory check: the bound on how
 * long an unpublished or replaced episode stays playable from the edge's cache, and the reason the
 * origin sees about one check per playing directory per this time, whatever the audience.
 */
const DIR_CHECK_SHARED_MAX_AGE_S = 10;
const DIR_CHECK_CACHE_CONTROL = `public, max-age=0, s-maxage=${DIR_CHECK_SHARED_MAX_AGE_S}`;
/** Types a player seeks in (Safari asks for byte ranges of MP4 and sometimes of segments). */
const RANGE_TYPES = new Set(['video/mp4', 'video/mp2t']);

/** What the media route sends for one request. */
export type MediaDelivery =
  /** `headers`: caching of a directory check's refusal (a file's 404 has none). */
  | { kind: 'not-found'; headers?: Record<string, string> }
  /** A directory check passed: the token opens the directory and its episode is served. */
  | { kind: 'no-content'; headers: Record<string, string> }
  | { kind: 'forbidden'; reason: Exclude<TokenCheck, 'ok'> }
  /** A byte range past the end of a file of `size` bytes; `headers` are the file's caching ones. */
  | { kind: 'unsatisfiable'; size: number; headers: Record<string, string | number> }
  | { kind: 'content'; status: 200 | 206; headers: Record<string, string | number>; body: Readable | string };

/** A directory check: `GET /media/t/<token>/episodes/<slug>/<dir>/`, what the edge asks. */
export interface MediaDirRequest {
  /** The directory, percent-encoded as it came, without the trailing slash. */
  encodedDir: string;
  token: string | undefined;
}

export interface MediaRequest {
  /** The media path, percent-encoded as it came (after the route's prefix). */
  encodedPath: string;
  /** The media token of a `/media/t/<token>/…` URL; undefined for a URL without one. */
  token: string | undefined;
  range: string | undefined;
}

export async function readText(object: MediaObject): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Media by relative path (docs/architecture.md#media-and-playback). Avatars, posters and banners are public;
 * everything of an episode needs the expiring token the play API minted for its directory, checked
 * before the store is consulted so a request without one learns nothing about which files exist.
 * Every entitled viewer gets the same bytes, playlists included (their URIs are relative and
 * stay inside the episode's directory), so a shared cache may keep them under the path alone.
 * A genuine token opens only a directory that is still served (ServedEpisodeDirs): an
 * unpublished drama's, a scheduled one's or a replaced directory's files are not found.
 */
export class MediaDeliveryService {
  constructor(
    private readonly deps: {
      media: MediaStorage;
      tokens: MediaTokenSigner;
      servedDirs: Pick<ServedEpisodeDirs, 'isServed'>;
    },
  ) {}

  /**
   * The media paths a stored playlist points at, in order, each inside the playlist's episode
   * directory (throws for one outside): what the route checks, and what the page bootstrap preloads.
   */
  playlistPaths(playlistText: string, playlistPath: string): string[] {
    const scopePath = episodeDirOf(playlistPath);
    return playlistMediaPaths({ playlistText, playlistPath, ...(scopePath === null ? {} : { scopePath }) });
  }

  /**
   * Whether the edge may hand out what it cached of a directory: 204 while the token opens it and
   * it is served, 404 once it is not (shared-cacheable for a few seconds: the answer is the same
   * for every genuine token), 403 for the token itself. The token is checked first, so a request
   * without a genuine one learns nothing about the catalogue.
   */
  async checkDirectory(request: MediaDirRequest): Promise<MediaDelivery> {
    const dir = normaliseMediaPath(request.encodedDir);
    if (dir === null || !isEpisodeDir(dir)) return { kind: 'not-found' };
    const result = this.deps.tokens.checkScope(request.token, dir);
    if (result !== 'ok') return { kind: 'forbidden', reason: result };
    const headers = { 'cache-control': DIR_CHECK_CACHE_CONTROL };
    if (!(await this.deps.servedDirs.isServed(dir))) return { kind: 'not-found', headers };
    return { kind: 'no-content', headers };
  }

  async deliver(request: MediaRequest): Promise<MediaDelivery> {
    // Percent-decoded exactly once, by normaliseMediaPath: traversal in any encoding,
    // backslashes, empty segments and anything the store could not have written are refused.
    const normalised = normaliseMediaPath(request.encodedPath);
    const path = normalised !== null && isSafeMediaPath(normalised) ? normalised : null;
    const access = path === null ? null : mediaAccessOf(path);
    if (path === null || access === null) return { kind: 'not-found' };
    // A token opens episode files only; the other folders are public and have one URL each.
    if (access !== 'signed' && request.token !== undefined) return { kind: 'not-found' };

    let exp: number | undefined;
    if (access === 'signed') {
      const result = this.deps.tokens.check(request.token, path);
      if (result !== 'ok') return { kind: 'forbidden', reason: result };
      // Only now: a request without a genuine token must not learn which directories are served.
      const dir = episodeDirOf(path);
      if (dir === null || !(await this.deps.servedDirs.isServed(dir))) return { kind: 'not-found' };
      exp = Number(request.token?.split('.')[1]);
    }

    const object = await this.deps.media.get(path);
    if (!object) return { kind: 'not-found' };
    const contentType = contentTypeOf(path);
    const whole = (headers: Record<string, string | number>): MediaDelivery => ({
      kind: 'content',
      status: 200,
      headers: { 'content-type': contentType, ...headers, 'content-length': object.size },
      body: object.body,
    });

    if (exp === undefined) {
      // Avatar names are fresh UUIDs: a changed avatar is a new URL, so the old may be cached for good.
      const cache = access === 'avatar' ? 'public, max-age=31536000, immutable' : `public, max-age=${PUBLIC_MAX_AGE_S}`;
      return whole({ 'cache-control': cache });
    }

    // The same bytes for every entitled viewer, under a path that changes with its content: a shared
    // cache keeps them for long (keyed on the path without the token, which it checks itself), the
    // browser no longer than its token lasts (the browser's cache key holds the token).
    const headers: Record<string, string | number> = {
      'cache-control': `public, max-age=${Math.max(0, exp - this.deps.tokens.nowSeconds())}, s-maxage=${EDGE_MAX_AGE_S}, immutable`,
    };
    if (path.endsWith('.m3u8')) {
      const text = await readText(object);
      this.playlistPaths(text, path); // throws for a URI outside the episode: a server error, never served
      return { kind: 'content', status: 200, headers: { 'content-type': contentType, ...headers }, body: text };
    }
    if (path.endsWith('/download.mp4')) {
      const [, slug = 'episode', number = ''] = path.split('/');
      headers['content-disposition'] = `attachment; filename="${slug}-${number}.mp4"`;
    }
    if (!RANGE_TYPES.has(contentType)) return whole(headers);

    headers['accept-ranges'] = 'bytes';
    const range = parseByteRange(request.range, object.size);
    if (range === UNSATISFIABLE) {
      object.body.destroy();
      return { kind: 'unsatisfiable', size: object.size, headers };
    }
    if (!range) return whole(headers);
    return {
      kind: 'content',
      status: 206,
      headers: {
        'content-type': contentType,
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${object.size}`,
        'content-length': range.end - range.start + 1,
      },
      body: sliceStream(object.body, range),
    };
  }
}
