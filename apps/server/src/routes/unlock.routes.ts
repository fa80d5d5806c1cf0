import { Code, postUnlock } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/** POST /unlock: Code.OK when coins bought episodes, Code.ALREADY_OWNED when nothing needed buying. */
export function unlockRoutes(app: AppInstance): void {
  const { unlock } = app.services;
  // The auth plugin resolves the session at onRequest; the wallet acts for its user.
  registerEndpoint(app, postUnlock, async (req) => {
    const outcome = await unlock.unlock(signedIn(req).userId, req.body);
    return ok(outcome.result, outcome.repeat ? { code: Code.ALREADY_OWNED, message: 'Already owned' } : {});
  });
}
