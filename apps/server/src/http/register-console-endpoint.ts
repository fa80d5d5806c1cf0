import { Code, httpStatusOf } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, type ConsoleEndpoint, type Operator } from '@cliffhanger/contract/console';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, type Success } from './envelope.js';
import { routeSchema, type EndpointRequest } from './register-endpoint.js';

export type ConsoleHandler<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType> = (
  request: EndpointRequest<P, Q, B>,
  reply: FastifyReply,
) => Promise<Success<z.output<D>>> | Success<z.output<D>>;

/** The hook that enforces `access` and `freshTotp` (plugins/console.plugin.ts) decorates this. */
export const CONSOLE_GUARD_DECORATOR = 'consoleGuard';

type ConsoleHost = Pick<FastifyInstance, 'route' | 'hasDecorator'>;

/**
 * Registers one console endpoint under the console's prefix: the contract's zod schemas validate
 * the input and serialise the answer, as for the viewer's endpoints; the console plugin's hook has
 * checked the session, the role, the request header and a money action's fresh code before the
 * body is read.
 */
export function registerConsoleEndpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
>(app: ConsoleHost, endpoint: ConsoleEndpoint<P, Q, B, D>, handler: ConsoleHandler<P, Q, B, D>): void {
  const url = `${CONSOLE_API_PREFIX}${endpoint.path}`;
  // A console route outside the console plugin's scope would be published without its guard.
  if (!app.hasDecorator(CONSOLE_GUARD_DECORATOR)) {
    throw new Error(`${endpoint.method} ${url} is a console endpoint registered outside the console plugin`);
  }
  app.route({
    method: endpoint.method,
    url,
    config: { consoleAccess: endpoint.access, freshTotp: endpoint.freshTotp === true },
    schema: routeSchema(endpoint, 'console'),
    handler: async (request, reply) => {
      const result = await handler(request as unknown as EndpointRequest<P, Q, B>, reply);
      return reply.code(httpStatusOf(result.code)).send(result);
    },
  });
}

/** The operator of a request to a signed-in console route; the guard has already refused everyone else. */
export function operatorOf(request: Pick<FastifyRequest, 'operator'>): Operator {
  if (request.operator === null) throw new AppError(Code.NOT_SIGNED_IN, 'Not signed in');
  return request.operator;
}
