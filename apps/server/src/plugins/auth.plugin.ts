import { Code } from '@cliffhanger/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseAuthHeader } from '../http/auth-header.js';
import { AppError } from '../http/envelope.js';
import { AUTH_DECORATOR } from '../http/register-endpoint.js';
import type { AppInstance } from '../app-instance.js';

function notSignedIn(): AppError {
  return new AppError(Code.NOT_SIGNED_IN, 'Not signed in');
}

/**
 * Enforces each route's `config.auth` (copied from the contract by registerEndpoint) and sets
 * `request.auth`. Runs at onRequest, before the body is read, so a visitor cannot make the
 * server parse an upload it will refuse anyway.
 *
 * - `none`: the header is ignored. Sign-in routes must work even when the client still sends a stale token
 *   (the web sends one on every request, docs/product.md#api-calls).
 * - `optional`: no header → visitor; a header that does not resolve answers its session-invalid code, so the
 *   client clears its stale login state (docs/product.md#response-code-classes).
 * - `required`: as optional, and no header → Code.NOT_SIGNED_IN.
 * - `sessionInHandler` (the hottest reads: a drama's page, a play): a well-formed token is
 *   handed to the handler, whose one statement reads the session with its data; the session
 *   service applies the same rules and codes to what it read. No header and a malformed one are
 *   still answered here, before any body is read.
 */
function authPlugin(app: AppInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', null);

  app.decorate(AUTH_DECORATOR, async (request: FastifyRequest, now = false): Promise<void> => {
    const rule = request.routeOptions.config.auth ?? 'none';
    request.auth = null;
    request.sessionToken = null;
    if (rule === 'none') return;
    const header = parseAuthHeader(request.headers.authorization);
    switch (header.kind) {
      case 'none':
        if (rule === 'required') throw notSignedIn();
        return;
      case 'malformed':
        throw notSignedIn();
      case 'token':
        if (request.routeOptions.config.sessionInHandler && !now) {
          request.sessionToken = header.token;
          return;
        }
        request.auth = await app.services.session.resolve(header.token);
        return;
    }
  });

  app.addHook('onRequest', async (request) => {
    await app.authenticate(request);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['services'] });
