import type { AuthRule } from '@cliffhanger/contract';
import type { ServerConfig } from '../config.js';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app as every plugin and route sees it: zod schemas drive validation, types and OpenAPI. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Copied from the contract endpoint for the auth plugin to enforce (see registerEndpoint). */
    auth?: AuthRule;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated, frozen configuration this app was built with. */
    config: Readonly<ServerConfig>;
  }
}
