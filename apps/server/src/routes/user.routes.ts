import {
  deleteUser,
  getPlaybackPreferences,
  getUser,
  putPlaybackPreferences,
  putUser,
  putUserPassword,
} from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/** The signed-in user's profile, player preferences, password and account. The avatar upload is in avatar.routes.ts. */
export function userRoutes(app: AppInstance): void {
  const { users, password, account } = app.services;

  registerEndpoint(app, getUser, async (req) => ok(await users.getProfile(signedIn(req).userId)));

  registerEndpoint(app, putUser, async (req) => ok(await users.updateProfile(signedIn(req).userId, req.body)));

  registerEndpoint(app, getPlaybackPreferences, async (req) =>
    ok(await users.playbackPreferences(signedIn(req).userId)),
  );

  registerEndpoint(app, putPlaybackPreferences, async (req) =>
    ok(await users.setPlaybackRate(signedIn(req).userId, req.body.playback_rate)),
  );

  registerEndpoint(app, putUserPassword, async (req) => {
    const { userId, sessionId } = signedIn(req);
    await password.setPassword({
      userId,
      sessionId,
      password: req.body.password,
      currentPassword: req.body.current_password,
    });
    return ok(null);
  });

  registerEndpoint(app, deleteUser, async (req) => {
    await account.deleteAccount(signedIn(req).userId);
    return ok(null);
  });
}
