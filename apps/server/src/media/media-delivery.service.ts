import type { Readable } from 'node:stream';
import { normaliseMediaPath, type MediaUrlSigner, type VerifyResult } from './signing/media-url-signer.js';
import { signPlaylist } from './signing/playlist-rewriter.js';
import { parseByteRange, sliceStream, UNSATISFIABLE } from './storage/byte-range.js';
import { contentTypeOf, episodeDirOf, isSafeMediaPath, mediaAccessOf } from './storage/media-paths.js';
import type { MediaObject, MediaStorage } from './storage/media-storage.js';

/** Posters and banners may be replaced by a re-import, so a day rather than forever. */
const PUBLIC_MAX_AGE_S = 24 * 60 * 60;
/** Types a player seeks in (Safari asks for byte ranges of MP4 and sometimes of segments). */
const RANGE_TYPES = new Set(['video/mp4', 'video/mp2t']);

/** What the media route sends for one request. */
export type MediaDelivery =
  | { kind: 'not-found' }
  | { kind: 'forbidden'; reason: Exclude<VerifyResult, 'ok'> }
  /** A byte range past the end of a file of `size` bytes; `headers` are the file's caching ones. */
  | { kind: 'unsatisfiable'; size: number; headers: Record<string, string | number> }
  | { kind: 'content'; status: 200 | 206; headers: Record<string, string | number>; body: Readable | string };

export interface MediaRequest {
  /** The media path, percent-encoded as it came (after the route's prefix). */
  encodedPath: string;
  /** The query string, without `?`. */
  query: string;
  range: string | undefined;
}

/** The one value of a query parameter; a repeated parameter counts as malformed. */
function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : '\u0000';
}

export async function readText(object: MediaObject): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Media by relative path (docs/architecture.md#media-and-playback). Avatars, posters and banners are public;
 * everything of an episode needs the expiring signature the play API issued, checked before the
 * store is consulted so an unsigned request learns nothing about which files exist. A signed
 * playlist is served rewritten: each variant and segment URI signed with the same expiry and
 * confined to the episode's directory.
 */
export class MediaDeliveryService {
  constructor(private readonly deps: { media: MediaStorage; signer: MediaUrlSigner; mediaBaseUrl: string }) {}

  /**
   * A stored playlist with every URI in it signed until `expiresAt` (seconds), confined to its
   * episode's directory: what the route serves, and what the page bootstrap preloads.
   */
  signPlaylist(playlistText: string, playlistPath: string, expiresAt: number): string {
    const scopePath = episodeDirOf(playlistPath);
    return signPlaylist({
      playlistText,
      playlistPath,
      signer: this.deps.signer,
      expiresAt,
      mediaBaseUrl: this.deps.mediaBaseUrl,
      ...(scopePath === null ? {} : { scopePath }),
    });
  }

  async deliver(request: MediaRequest): Promise<MediaDelivery> {
    // Percent-decoded exactly once, by normaliseMediaPath: traversal in any encoding,
    // backslashes, empty segments and anything the store could not have written are refused.
    const normalised = normaliseMediaPath(request.encodedPath);
    const path = normalised !== null && isSafeMediaPath(normalised) ? normalised : null;
    const access = path === null ? null : mediaAccessOf(path);
    if (path === null || access === null) return { kind: 'not-found' };

    let exp: number | undefined;
    if (access === 'signed') {
      const query = new URLSearchParams(request.query);
      const expParam = singleParam(query, 'exp');
      const result = this.deps.signer.verify(path, expParam, singleParam(query, 'sig'));
      if (result !== 'ok') return { kind: 'forbidden', reason: result };
      exp = Number(expParam);
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

    // Shared caches must not keep what one viewer was entitled to, nor past its expiry.
    const headers: Record<string, string | number> = {
      'cache-control': `private, max-age=${Math.max(0, exp - this.deps.signer.nowSeconds())}`,
    };
    if (path.endsWith('.m3u8')) {
      const text = this.signPlaylist(await readText(object), path, exp);
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
