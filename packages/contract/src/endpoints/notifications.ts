import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';

/** Push notifications: what a viewer opted in to, and the devices that receive them. */

/** `HH:MM` on a 24-hour clock. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (00:00–23:59)');

/** An IANA zone the runtime knows (the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`). */
const ianaTimeZone = z
  .string()
  .max(64)
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone such as Europe/Istanbul' },
  );

export const notificationSettingsBodySchema = z.object({
  /** A new episode of a drama in the viewer's list. */
  new_episodes: z.boolean(),
  /** At `checkin_time`, while today's check-in is not done. */
  checkin_reminder: z.boolean(),
  checkin_time: clockTime,
  /** A day before an auto-renewing VIP plan renews, with the way to cancel. */
  vip_renewal: z.boolean(),
  /** Nothing is sent from `quiet_start` to `quiet_end` (local time); what falls inside waits for its end. */
  quiet_start: clockTime,
  quiet_end: clockTime,
  time_zone: ianaTimeZone,
  /** The language notifications are written in (the app's). */
  language: z.enum(LANGUAGES),
});

export const notificationSettingsSchema = notificationSettingsBodySchema.extend({
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
  web_push_key: z.string(),
  /** Devices of this viewer that receive notifications. */
  devices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/notifications/settings',
  auth: 'required',
  summary: 'What you get notified of (everything off until you opt in), and how many of your devices receive it',
  data: notificationSettingsSchema,
});

export const putNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: '/notifications/settings',
  auth: 'required',
  summary: 'Choose the notifications you want, their times and your quiet hours',
  body: notificationSettingsBodySchema,
  data: notificationSettingsSchema,
});

export const pushSubscriptionBodySchema = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('web'),
    /** `PushSubscription.toJSON()`: the push service's URL and the keys the payload is encrypted to. */
    endpoint: z.string().max(2048),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
  }),
  z.object({
    platform: z.literal('ios'),
    /** The APNs device token, hex. */
    token: z.string().regex(/^[0-9a-fA-F]{64,200}$/, 'must be an APNs device token (hex)'),
  }),
]);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const postPushSubscription = defineEndpoint({
  method: 'POST',
  path: '/notifications/subscriptions',
  auth: 'required',
  summary: 'Receive your notifications on this device (a device another viewer had subscribed becomes yours only)',
  body: pushSubscriptionBodySchema,
  data: z.object({ devices: z.number().int() }),
});

export const deletePushSubscriptions = defineEndpoint({
  method: 'DELETE',
  path: '/notifications/subscriptions',
  auth: 'required',
  summary: 'Stop every notification on every one of your devices',
  data: z.object({ devices: z.literal(0) }),
});
