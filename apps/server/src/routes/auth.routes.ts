import { postLogout, postPasswordLogin, postRefresh, postSmsLogin, postSmsSend } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { clientOf, signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/** Phone sign-in (SMS code, password), token refresh and sign-out. OAuth lives in oauth.routes.ts. */
export function authRoutes(app: AppInstance): void {
  const { smsLogin, password, session, tokenRefresh } = app.services;

  registerEndpoint(app, postSmsSend, async (req) => ok(await smsLogin.send(req.body.phone, clientOf(req))));

  registerEndpoint(app, postSmsLogin, async (req) =>
    ok(await smsLogin.login({ phone: req.body.phone, code: req.body.code, ...clientOf(req) })),
  );

  registerEndpoint(app, postPasswordLogin, async (req) =>
    ok(await password.login({ phone: req.body.phone, password: req.body.password, ...clientOf(req) })),
  );

  registerEndpoint(app, postRefresh, async (req) => ok(await tokenRefresh.refresh(req.body.refresh_token)));

  registerEndpoint(app, postLogout, async (req) => {
    await session.revoke(signedIn(req).sessionId);
    return ok(null);
  });
}
