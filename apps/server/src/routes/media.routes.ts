import { Code } from '@cliffhanger/contract';
import type { FastifyReply } from 'fastify';
import { notFoundResponse } from '../http/error-response.js';
import type { AppInstance } from '../app-instance.js';
import { normaliseMediaPath, type VerifyResult } from '../media/signing/media-url-signer.js';
import { signPlaylist } from '../media/signing/playlist-rewriter.js';
import { parseByteRange, sliceStream, UNSATISFIABLE } from '../services/media/byte-range.js';
import { contentTypeOf, episodeDirOf, isSafeMediaPath, mediaAccessOf } from '../services/media/media-paths.js';
import type { MediaObject } from '../services/media/media-storage.js';

const PREFIX = '/media/';
/** Posters and banners may be replaced by a re-import, so a day rather than forever. */
const PUBLIC_MAX_AGE_S = 24 * 60 * 60;
/** Types a player seeks in (Safari asks for byte ranges of MP4 and sometimes of segments). */
const RANGE_TYPES = new Set(['video/mp4', 'video/mp2t']);

const FORBIDDEN_MESSAGES: Record<Exclude<VerifyResult, 'ok'>, string> = {
  missing: 'Media signature required',
  expired: 'Media signature expired',
  invalid: 'Invalid media signature',
};

function notFound(reply: FastifyReply): FastifyReply {
  const response = notFoundResponse();
  return reply.code(response.status).send(response.body);
}

function forbidden(reply: FastifyReply, result: Exclude<VerifyResult, 'ok'>): FastifyReply {
  return reply.code(403).send({ code: Code.FORBIDDEN, message: FORBIDDEN_MESSAGES[result], data: null });
}

/**
 * The media path of a request, from the raw URL so it is percent-decoded exactly once (by
 * normaliseMediaPath): traversal in any encoding, backslashes, empty segments and anything the
 * store could not have written come back null.
 */
function mediaPathOf(rawUrl: string): string | null {
  const pathPart = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!pathPart.startsWith(PREFIX)) return null;
  const path = normaliseMediaPath(pathPart.slice(PREFIX.length));
  return path !== null && isSafeMediaPath(path) ? path : null;
}

/** The one value of a query parameter; a repeated parameter counts as malformed. */
function singleParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : '\u0000';
}

async function readText(object: MediaObject): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Media by relative path (spec §3) for MEDIA_BASE_URL=/media (DESIGN §8). Avatars, posters and
 * banners are public; everything of an episode needs the expiring signature the play API
 * issued, checked before the store is consulted so an unsigned request learns nothing about
 * which files exist. A signed playlist is served rewritten: each variant and segment URI signed
 * with the same expiry and confined to the episode's directory.
 */
export function mediaRoutes(app: AppInstance): Promise<void> {
  const { media, mediaSigner } = app.services;
  const mediaBaseUrl = app.config.mediaBaseUrl;

  // A CDN in front (MEDIA_BASE_URL) serves these to pages of another site: cross-origin is allowed.
  // Not compressed on the fly: segments and MP4 are compressed video already, byte ranges must
  // address the stored bytes, and a player abandoning a stream mid-way would log a broken pipe.
  app.get('/media/*', { schema: { hide: true }, config: { crossOriginMedia: true } }, async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    const rawUrl = request.raw.url ?? '';
    const path = mediaPathOf(rawUrl);
    const access = path === null ? null : mediaAccessOf(path);
    if (path === null || access === null) return notFound(reply);

    let exp: number | undefined;
    if (access === 'signed') {
      const query = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
      const expParam = singleParam(query, 'exp');
      const result = mediaSigner.verify(path, expParam, singleParam(query, 'sig'));
      if (result !== 'ok') return forbidden(reply, result);
      exp = Number(expParam);
    }

    const object = await media.get(path);
    if (!object) return notFound(reply);
    const contentType = contentTypeOf(path);
    reply.header('content-type', contentType);

    if (exp === undefined) {
      reply.header(
        'cache-control',
        access === 'avatar'
          ? // Avatar names are fresh UUIDs: a changed avatar is a new URL, so the old may be cached for good.
            'public, max-age=31536000, immutable'
          : `public, max-age=${PUBLIC_MAX_AGE_S}`,
      );
      return reply.header('content-length', object.size).send(object.body);
    }

    // Shared caches must not keep what one viewer was entitled to, nor past its expiry.
    reply.header('cache-control', `private, max-age=${Math.max(0, exp - mediaSigner.nowSeconds())}`);
    if (path.endsWith('.m3u8')) {
      const scopePath = episodeDirOf(path);
      const text = signPlaylist({
        playlistText: await readText(object),
        playlistPath: path,
        signer: mediaSigner,
        expiresAt: exp,
        mediaBaseUrl,
        ...(scopePath === null ? {} : { scopePath }),
      });
      return reply.send(text);
    }
    if (path.endsWith('/download.mp4')) {
      const [, slug = 'episode', number = ''] = path.split('/');
      reply.header('content-disposition', `attachment; filename="${slug}-${number}.mp4"`);
    }
    if (RANGE_TYPES.has(contentType)) {
      reply.header('accept-ranges', 'bytes');
      const range = parseByteRange(request.headers.range, object.size);
      if (range === UNSATISFIABLE) {
        object.body.destroy();
        return reply
          .code(416)
          .header('content-range', `bytes */${object.size}`)
          .header('content-type', 'application/json; charset=utf-8')
          .send({ code: Code.INVALID_INPUT, message: 'Range not satisfiable', data: { size: object.size } });
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(sliceStream(object.body, range));
      }
    }
    return reply.header('content-length', object.size).send(object.body);
  });
  return Promise.resolve();
}
