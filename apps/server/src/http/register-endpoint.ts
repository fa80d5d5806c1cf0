import { API_PREFIX, anyEnvelopeSchema, envelopeSchema, httpStatusOf, type Endpoint } from '@cliffhanger/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Success } from './envelope.js';
import { PreparedAnswer, PrivateAnswer, sendPrepared } from './prepared-answer.js';

/** The request as a handler sees it: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> & {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

export type EndpointHandler<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType> = (
  request: EndpointRequest<P, Q, B>,
  reply: FastifyReply,
) => Promise<Success<z.output<D>> | PreparedAnswer | PrivateAnswer> | Success<z.output<D>>;

/** The decorator an auth plugin provides; until one is registered, only public endpoints may exist. */
export const AUTH_DECORATOR = 'authenticate';

/**
 * What registering an endpoint needs of the app: its router, whether an auth plugin is there, and
 * that plugin's check. The app (app-instance.ts) sits above http/, so it is asked for no more.
 */
export type EndpointHost = Pick<FastifyInstance, 'route' | 'hasDecorator' | 'authenticate'>;

/** OpenAPI tag: the first path segment (`/app/config` → `app`). */
function tagOf(path: string): string {
  return path.split('/').find((segment) => segment !== '' && !segment.startsWith(':')) ?? 'api';
}

/**
 * The route schema of a contract endpoint: its zod schemas validate params, query and body (not a
 * multipart body, which its handler parses) and serialise the answer in the envelope.
 */
export function routeSchema(
  endpoint: Pick<Endpoint, 'summary' | 'params' | 'query' | 'body' | 'multipart' | 'data'>,
  tag: string,
) {
  return {
    summary: endpoint.summary,
    tags: [tag],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
    response: {
      200: envelopeSchema(endpoint.data),
      '4xx': anyEnvelopeSchema,
      '5xx': anyEnvelopeSchema,
    },
  };
}

/**
 * Registers one contract endpoint as a route under the API prefix. The contract's zod schemas
 * validate params, query and body (bad input → Code.INVALID_INPUT naming each field) and serialise the
 * answer, so a handler that breaks the contract fails loudly instead of reaching clients.
 * The handler returns `ok(data)`, or an answer already serialised through the same schemas: a
 * PreparedAnswer (a cached public answer) or a PrivateAnswer (one viewer's); rejections are
 * thrown as `AppError`.
 */
export function registerEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  app: EndpointHost,
  endpoint: Endpoint<P, Q, B, D>,
  handler: EndpointHandler<P, Q, B, D>,
  options: { sessionInHandler?: boolean } = {},
): void {
  const url = `${API_PREFIX}${endpoint.path}`;
  // An upload is refused before it is read; only small JSON bodies may wait for the handler's session check.
  if (options.sessionInHandler && (endpoint.auth === 'none' || endpoint.multipart)) {
    throw new Error(`${endpoint.method} ${url}: sessionInHandler is for signed-in routes without uploads`);
  }
  // Registering a protected endpoint without anything enforcing protection would publish it.
  if (endpoint.auth !== 'none' && !app.hasDecorator(AUTH_DECORATOR)) {
    throw new Error(`${endpoint.method} ${url} needs auth '${endpoint.auth}' but no auth plugin is registered`);
  }

  // The schemas are generic here, so a type provider could infer nothing useful; the handler is
  // typed by EndpointHandler instead and the zod compilers still validate and serialise.
  app.route({
    method: endpoint.method,
    url,
    config: { auth: endpoint.auth, sessionInHandler: options.sessionInHandler === true },
    // The handler checks such a route's session before it reports a bad body (below).
    attachValidation: options.sessionInHandler === true,
    schema: routeSchema(endpoint, tagOf(endpoint.path)),
    handler: async (request, reply) => {
      if (request.validationError) {
        // Its session's code comes first, as on routes whose session the auth plugin resolved.
        await app.authenticate(request, true);
        throw request.validationError;
      }
      const result = await handler(request as unknown as EndpointRequest<P, Q, B>, reply);
      if (result instanceof PreparedAnswer) return sendPrepared(request, reply, result);
      if (result instanceof PrivateAnswer) {
        return reply
          .code(200)
          .header('cache-control', 'private, no-cache')
          .type('application/json; charset=utf-8')
          .send(result.json);
      }
      return reply.code(httpStatusOf(result.code)).send(result);
    },
  });
}
