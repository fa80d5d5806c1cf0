import { getOAuthUrl, postOAuthCallback } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { readOAuthBinder, setOAuthBinder } from '../http/oauth-binder-cookie.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { clientOf } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';
import { OAUTH_STATE_TTL_SECONDS } from '../services/oauth/oauth.service.js';

/** Sign-in with Google, Facebook and TikTok (authorization-code flow). */
export function oauthRoutes(app: AppInstance): void {
  const service = app.services.oauth;

  registerEndpoint(app, getOAuthUrl, async (req, reply) => {
    // The state is a one-time secret of this client's sign-in: no shared cache may keep it.
    reply.header('cache-control', 'no-store');
    const kind = req.query.client;
    const { url, state, binder } = await service.authorizationUrl(req.params.provider, {
      ...clientOf(req),
      kind,
      binder: kind === 'web' ? readOAuthBinder(req) : undefined,
    });
    // The app's web view and the browser the provider returns to share no cookie: the app keeps
    // its binder itself. A browser's stays out of reach of scripts.
    if (kind === 'app') return ok({ url, state, binder });
    setOAuthBinder(req, reply, binder, OAUTH_STATE_TTL_SECONDS);
    return ok({ url, state });
  });

  registerEndpoint(app, postOAuthCallback, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { code, state } = req.body;
    const binder = { cookie: readOAuthBinder(req), body: req.body.binder };
    return ok(await service.signIn({ provider: req.params.provider, code, state, binder, ...clientOf(req) }, req.log));
  });
}
