import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppInstance } from '../app-instance.js';
import { COMPRESS_THRESHOLD_BYTES, preferredCoding } from '../http/prepared-answer.js';

/** Text worth compressing: JSON, HTML, scripts, styles, XML, plain text. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml|[\w.+-]+\+json)|text\/)/i;

/**
 * Fast settings: this runs per answer, unlike the quality-11 forms of cached answers. Most
 * answers are a few KB (a signed-in drama page, a play), where brotli's quality 1 with a 64 KB
 * window costs less than half of quality 4's time (its encoder state is smaller) and the output
 * differs by a few dozen bytes, the same packets; larger answers get quality 4.
 */
const SMALL_ANSWER_BYTES = 16 * 1024;
const brotliParams = (size: number) => ({
  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  [zlibConstants.BROTLI_PARAM_QUALITY]: size < SMALL_ANSWER_BYTES ? 1 : 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: size < SMALL_ANSWER_BYTES ? 16 : 22,
  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
});
const GZIP_LEVEL = 6;

function appendVary(current: unknown, header: string): string {
  const value = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (value.split(',').some((part) => part.trim().toLowerCase() === header.toLowerCase())) return value;
  return value ? `${value}, ${header}` : header;
}

/** `payload` as it goes out: brotli or gzip when it is text above 1 KB and the client accepts one. */
function compressed(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_THRESHOLD_BYTES) return payload;
  reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (coding === 'identity') return payload;
  const body =
    coding === 'br'
      ? brotliCompressSync(payload, { params: brotliParams(size) })
      : gzipSync(payload, { level: GZIP_LEVEL });
  reply.header('content-encoding', coding).removeHeader('content-length');
  return body;
}

/**
 * JSON (and any other text answer) above 1 KB goes out as brotli or gzip, by Accept-Encoding.
 * Every answer the API sends is a whole string or buffer by the time it is sent, so it is
 * compressed in one synchronous call: @fastify/compress, which this replaces, pipes each answer
 * through three streams, and on a signed-in drama page (a few KB) that machinery was a fifth of
 * the process's time. Answers that already carry a Content-Encoding (prepared catalogue answers,
 * precompressed web assets) and streams (media: compressed video, byte ranges) pass untouched.
 */
function compressPlugin(app: AppInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => done(null, compressed(request, reply, payload)));
}

export default fp(compressPlugin, { name: 'compress' });
