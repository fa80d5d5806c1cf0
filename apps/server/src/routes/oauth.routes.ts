import { getOAuthUrl, postOAuthCallback } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { clientOf } from '../http/signed-in.js';
import type { AppInstance } from '../http/types.js';

/** Sign-in with Google, Facebook and TikTok (authorization-code flow). */
export function oauthRoutes(app: AppInstance): Promise<void> {
  const service = app.services.oauth;

  registerEndpoint(app, getOAuthUrl, async (req, reply) => {
    // The state is a one-time secret of this browser's sign-in: no shared cache may keep it.
    reply.header('cache-control', 'no-store');
    return ok(await service.authorizationUrl(req.params.provider, clientOf(req)));
  });

  registerEndpoint(app, postOAuthCallback, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { code, state } = req.body;
    return ok(await service.signIn({ provider: req.params.provider, code, state, ...clientOf(req) }, req.log));
  });
  return Promise.resolve();
}
