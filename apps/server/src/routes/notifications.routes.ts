import {
  deletePushSubscriptions,
  getNotificationSettings,
  postPushSubscription,
  putNotificationSettings,
} from '@cliffhanger/contract';
import type { AppInstance } from '../app-instance.js';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';

/** The signed-in viewer's notification choices and devices (docs/notifications.md). */
export function notificationsRoutes(app: AppInstance): void {
  const { settings } = app.services.push;
  registerEndpoint(app, getNotificationSettings, async (req) => ok(await settings.get(signedIn(req).userId)));
  registerEndpoint(app, putNotificationSettings, async (req) =>
    ok(await settings.update(signedIn(req).userId, req.body)),
  );
  registerEndpoint(app, postPushSubscription, async (req) =>
    ok(await settings.subscribe(signedIn(req).userId, req.body)),
  );
  registerEndpoint(app, deletePushSubscriptions, async (req) =>
    ok(await settings.unsubscribeAll(signedIn(req).userId)),
  );
}
