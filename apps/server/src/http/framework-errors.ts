import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * Fastify answers a URL it cannot route (a malformed percent escape, a path parameter past
 * `maxParamLength`) before any hook or error handler runs, with a body of its own that repeats
 * the whole path. Here it gets the envelope like every other answer, and the path is never echoed:
 * it may be long, and it is the caller's own input.
 */
export function answerFrameworkError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const response = toErrorResponse(error);
  request.log.info({ code: response.body.code, fastifyCode: (error as { code?: string }).code }, 'request rejected');
  // No route context exists yet, so no serializer either: the body goes out as written.
  void reply
    .code(response.status)
    .header(REQUEST_ID_HEADER, request.id)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(response.body));
}
