import type { AuthRule } from '@cliffhanger/contract';
import type { ConsoleAccess } from '@cliffhanger/contract/console';
import type { OperatorIdentity } from './services/console/operator-accounts.service.js';
import type { ServerConfig } from './config.js';
import type { AppServices } from './services/app-services.js';
import type { AuthContext } from './http/auth-context.js';
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
    /**
     * The auth plugin only reads the presented token (into `request.sessionToken`) and the
     * handler's own statement resolves it with its data, one round trip instead of two;
     * `request.auth` stays null there. A required route still refuses a missing header at once.
     */
    sessionInHandler?: boolean;
    /** Media that pages of another site (a CDN in front) may embed: `Cross-Origin-Resource-Policy: cross-origin`. */
    crossOriginMedia?: boolean;
    /** A console route's rule (registerConsoleEndpoint), enforced by the console plugin's guard. */
    consoleAccess?: ConsoleAccess;
    /** A console money action: the guard wants a fresh TOTP code too. */
    freshTotp?: boolean;
  }
  interface FastifyInstance {
    /** The validated, frozen configuration this app was built with. */
    config: Readonly<ServerConfig>;
    /** Every service of the app, built once by plugins/services.plugin.ts. */
    services: AppServices;
    /**
     * Applies the route's `config.auth` rule to a request and sets `request.auth`; throws the
     * session-invalid code when refused. Registered by plugins/auth.plugin.ts and
     * run for every request at onRequest. `now` resolves a `sessionInHandler` route's token at
     * once (before a bad body's Code.INVALID_INPUT, see registerEndpoint).
     */
    authenticate(request: FastifyRequest, now?: boolean): Promise<void>;
  }
  interface FastifyRequest {
    /** The session of the request; null for visitors, on `auth: 'none'` routes and `sessionInHandler` routes. */
    auth: AuthContext | null;
    /** On a `sessionInHandler` route, the token the request presented (not yet resolved), else null. */
    sessionToken: string | null;
    /** On console routes, the signed-in operator (null on public ones); elsewhere always null. */
    operator: OperatorIdentity | null;
  }
}
