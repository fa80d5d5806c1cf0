import type { FastifyReply } from 'fastify';
import { notFoundResponse } from '../http/error-response.js';
import type { AppInstance } from '../http/types.js';
import { AVATAR_PATH } from '../services/media/media-paths.js';

function notFound(reply: FastifyReply): FastifyReply {
  const response = notFoundResponse();
  return reply.code(response.status).send(response.body);
}

/**
 * Public media by relative path (spec §3), for MEDIA_BASE_URL=/media. Only avatars for now. The
 * name must be exactly what the server generates, which rules out `..`, slashes, absolute and
 * percent-encoded paths by construction.
 */
export function mediaRoutes(app: AppInstance): Promise<void> {
  const { media } = app.services;

  app.get<{ Params: { name: string } }>('/media/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
    const path = `avatars/${request.params.name}`;
    if (!AVATAR_PATH.test(path)) return notFound(reply);
    const object = await media.get(path);
    if (!object) return notFound(reply);
    return (
      reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        // Avatar names are fresh UUIDs: a changed avatar is a new URL, so the old may be cached for good.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(object.body)
    );
  });
  return Promise.resolve();
}
