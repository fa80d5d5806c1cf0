import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from './users.schema.js';

/**
 * A device that receives this viewer's notifications (docs/notifications.md#subscriptions): a
 * browser's Push API subscription (`web`: the push service's endpoint URL and its keys) or an iOS
 * app's APNs device token (`ios`: the token in `endpoint`, no keys). An endpoint belongs to one
 * viewer at a time: the unique key moves a device to whoever subscribed it last, so a shared
 * browser never receives the previous viewer's notifications.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    platform: text('platform').$type<'web' | 'ios'>().notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
    check('push_subscriptions_platform', sql`${table.platform} IN ('web', 'ios')`),
    check(
      'push_subscriptions_web_keys',
      sql`(${table.platform} = 'web') = (${table.p256dh} IS NOT NULL AND ${table.auth} IS NOT NULL)`,
    ),
  ],
);

/**
 * What a viewer opted in to. No row: everything off (opt-in). Times are `HH:MM` on the viewer's
 * own clock in `time_zone` (an IANA zone the browser reported).
 */
export const pushPreferences = pgTable('push_preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  newEpisodes: boolean('new_episodes').notNull().default(false),
  checkinReminder: boolean('checkin_reminder').notNull().default(false),
  checkinTime: text('checkin_time').notNull().default('20:00'),
  vipRenewal: boolean('vip_renewal').notNull().default(false),
  quietStart: text('quiet_start').notNull().default('22:00'),
  quietEnd: text('quiet_end').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('UTC'),
  language: text('language').$type<'zh' | 'en' | 'tr'>().notNull().default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One notification for one device. The unique key (event, subscription) is the idempotency
 * guarantee: an event fanned out twice (a retried job, two workers) finds its rows and adds none,
 * and a row is claimed (`sending`) before the push service is called, so no event reaches a device
 * twice. `not_before` holds a notification until the viewer's quiet hours end and spaces retries.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    kind: text('kind').$type<'new_episode' | 'checkin' | 'vip_renewal'>().notNull(),
    payload: jsonb('payload').$type<{ title: string; body: string; url: string }>().notNull(),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_deliveries_event_subscription_unique').on(table.eventKey, table.subscriptionId),
    index('push_deliveries_due_idx').on(table.notBefore).where(sql`${table.status} = 'pending'`),
    check('push_deliveries_status', sql`${table.status} IN ('pending', 'sending', 'sent', 'failed')`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushPreferencesRow = typeof pushPreferences.$inferSelect;
export type PushDeliveryRow = typeof pushDeliveries.$inferSelect;
