import { Code } from '@cliffhanger/contract';
import type { FastifyReply } from 'fastify';
import { notFoundResponse } from '../http/error-response.js';
import type { AppInstance } from '../app-instance.js';
import type { MediaDelivery } from '../media/media-delivery.service.js';

const PREFIX = '/media/';
/** `/media/t/<token>/<path>`: the token opens one episode's files (docs/media.md#playback). */
const TOKENED = /^\/media\/t\/([^/]*)\/(.*)$/s;

const FORBIDDEN_MESSAGES: Record<Extract<MediaDelivery, { kind: 'forbidden' }>['reason'], string> = {
  missing: 'Media token required',
  expired: 'Media token expired',
  invalid: 'Invalid media token',
};

function send(reply: FastifyReply, delivery: MediaDelivery): FastifyReply {
  switch (delivery.kind) {
    case 'not-found': {
      const response = notFoundResponse();
      return reply
        .code(response.status)
        .headers(delivery.headers ?? {})
        .send(response.body);
    }
    case 'no-content':
      return reply.code(204).headers(delivery.headers).send();
    case 'forbidden':
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ code: Code.FORBIDDEN, message: FORBIDDEN_MESSAGES[delivery.reason], data: null });
    case 'unsatisfiable':
      return reply
        .code(416)
        .headers(delivery.headers)
        .header('content-range', `bytes */${delivery.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ code: Code.INVALID_INPUT, message: 'Range not satisfiable', data: { size: delivery.size } });
    case 'content':
      return reply.code(delivery.status).headers(delivery.headers).send(delivery.body);
  }
}

/** Media by relative path for MEDIA_BASE_URL=/media (docs/media.md#playback): MediaDeliveryService decides. */
export function mediaRoutes(app: AppInstance): void {
  const { mediaDelivery } = app.services;

  // A CDN in front (MEDIA_BASE_URL) serves these to pages of another site: cross-origin is allowed.
  // Not compressed on the fly: segments and MP4 are compressed video already, byte ranges must
  // address the stored bytes, and a player abandoning a stream mid-way would log a broken pipe.
  app.get('/media/*', { schema: { hide: true }, config: { crossOriginMedia: true } }, async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // The raw URL, so the path is percent-decoded exactly once (by the service). The query is
    // ignored, as the edge's cache key ignores it.
    const pathPart = (request.raw.url ?? '').split(/[?#]/, 1)[0] ?? '';
    if (!pathPart.startsWith(PREFIX)) return send(reply, { kind: 'not-found' });
    const tokened = TOKENED.exec(pathPart);
    const [token, encodedPath] = tokened ? [tokened[1], tokened[2] ?? ''] : [undefined, pathPart.slice(PREFIX.length)];
    // `/media/t/<token>/episodes/<slug>/<dir>/`: the edge asking whether the directory is still served.
    if (tokened && encodedPath.endsWith('/')) {
      return send(reply, await mediaDelivery.checkDirectory({ encodedDir: encodedPath.slice(0, -1), token }));
    }
    return send(reply, await mediaDelivery.deliver({ encodedPath, token, range: request.headers.range }));
  });
}
