import { getInvite, putInvite } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/** Invites (docs/rewards.md#invites-get-invite-put-inviteinvite_code): GET /invite, PUT /invite/:invite_code. */
export function inviteRoutes(app: AppInstance): void {
  const { invites } = app.services;
  registerEndpoint(app, getInvite, async (req) => ok(await invites.overview(signedIn(req).userId)));
  registerEndpoint(app, putInvite, async (req) =>
    ok(await invites.enter(signedIn(req).userId, req.params.invite_code)),
  );
}
