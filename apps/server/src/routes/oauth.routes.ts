import { getOAuthUrl, postOAuthCallback } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { readOAuthBinder, setOAuthBinder } from '../http/oauth-binder-cookie.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { clientOf } from '../http/signed-in.js';
import type { AppInstance } from '../http/types.js';
import { OAUTH_STATE_TTL_SECONDS } from '../services/oauth/oauth.service.js';

/** Sign-in with Google, Facebook and TikTok (authorization-code flow). */
export function oauthRoutes(app: AppInstance): Promise<void> {
  const service = app.services.oauth;

  registerEndpoint(app, getOAuthUrl, async (req, reply) => {
    // The state is a one-time secret of this browser's sign-in: no shared cache may keep it.
    reply.header('cache-control', 'no-store');
    const { url, state, binder } = await service.authorizationUrl(req.params.provider, {
      ...clientOf(req),
      binder: readOAuthBinder(req),
    });
    setOAuthBinder(req, reply, binder, OAUTH_STATE_TTL_SECONDS);
    return ok({ url, state });
  });

  registerEndpoint(app, postOAuthCallback, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { code, state } = req.body;
    const binder = readOAuthBinder(req);
    return ok(await service.signIn({ provider: req.params.provider, code, state, binder, ...clientOf(req) }, req.log));
  });
  return Promise.resolve();
}
