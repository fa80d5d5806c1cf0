import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compression costs more than the bytes it saves (and gzip can grow a tiny body). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * An answer serialised once and kept as bytes, with its brotli and gzip forms made on first use:
 * a cached public answer is then sent without touching the database, the ORM, the serialiser or
 * zlib again. Brotli runs at quality 11 because it runs once per cache fill, not per request.
 */
export class PreparedAnswer {
  readonly identity: Buffer;
  readonly etag: string;
  private gzipBytes: Buffer | undefined;
  private brBytes: Buffer | undefined;

  constructor(
    json: string,
    /** `public, max-age=…` for answers a CDN may share; `private, no-cache` otherwise. */
    readonly cacheControl: string,
  ) {
    this.identity = Buffer.from(json, 'utf8');
    this.etag = `"${createHash('sha1').update(this.identity).digest('base64url')}"`;
  }

  bytes(coding: ContentCoding): Buffer {
    if (coding === 'gzip') return (this.gzipBytes ??= gzipSync(this.identity, { level: 9 }));
    if (coding === 'br') {
      return (this.brBytes ??= brotliCompressSync(this.identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      }));
    }
    return this.identity;
  }
}

/**
 * An answer for one viewer, already serialised by its service through the endpoint's schemas and
 * never kept: sent as it is (`private, no-cache`), compressed on the way out like any answer.
 */
export class PrivateAnswer {
  constructor(readonly json: string) {}
}

/** The best coding the client accepts (q > 0), brotli first; identity when it names none. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sends prepared bytes with their coding, ETag and Cache-Control; a matching If-None-Match gets
 * 304 and no body. `Vary` names every header the answer depends on, so a shared cache keeps them
 * apart: Origin too, since the CORS headers (plugins/cors.plugin.ts) are given per origin.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  reply
    .header('cache-control', answer.cacheControl)
    .header('etag', answer.etag)
    .header('vary', 'Accept-Encoding, Accept-Language, Authorization, Origin');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const coding =
    answer.identity.length < COMPRESS_THRESHOLD_BYTES
      ? 'identity'
      : preferredCoding(request.headers['accept-encoding']);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.code(200).type('application/json; charset=utf-8').send(answer.bytes(coding));
}
