import fp from 'fastify-plugin';
import { toErrorResponse } from '../http/error-response.js';
import type { AppInstance } from '../app-instance.js';

/**
 * Every error becomes the envelope (docs/architecture.md#response-envelope). Server-side failures are logged
 * with the request id (pino's `reqId`) and their full detail; the client only gets Code.INTERNAL_ERROR.
 */
function errorHandlerPlugin(app: AppInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const response = toErrorResponse(error);
    if (response.severity === 'server') {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: response.body.code, err: error }, 'request rejected');
    }
    // A rejection that travels as HTTP 200 (Code.EPISODE_LOCKED) must not go through the
    // route's 200 schema, which describes the success data.
    if (response.status < 300) reply.serializer((payload: unknown) => JSON.stringify(payload));
    if (response.retryAfterS !== undefined) reply.header('retry-after', String(response.retryAfterS));
    return reply.code(response.status).send(response.body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
