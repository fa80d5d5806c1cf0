import { Code, type NotificationSettings, type PushSubscriptionBody } from '@cliffhanger/contract';
import type { ServerConfig } from '../../config.js';
import type { PushPreferencesRow } from '../../db/push.schema.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import {
  PushPreferencesRepository,
  type PushPreferencesValues,
} from '../../repositories/push-preferences.repository.js';
import { PushSubscriptionsRepository } from '../../repositories/push-subscriptions.repository.js';
import { checkWebSubscription } from './subscription-check.js';

export interface PushSettingsServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<ServerConfig, 'push'>;
  /** The VAPID public key browsers subscribe with. */
  vapidPublicKey: string;
}

/**
 * Devices one viewer may have. Each is a request this server makes to a push service per
 * notification, so an account cannot pile up endpoints; the oldest go first, as a browser
 * replaced or reinstalled leaves its old subscription behind.
 */
export const PUSH_DEVICES_MAX = 10;

/** Everything off until the viewer opts in (docs/notifications.md#opt-in). */
const DEFAULTS: PushPreferencesValues = {
  newEpisodes: false,
  checkinReminder: false,
  checkinTime: '20:00',
  vipRenewal: false,
  quietStart: '22:00',
  quietEnd: '08:00',
  timeZone: 'UTC',
  language: 'en',
};

type SettingsBody = Omit<NotificationSettings, 'web_push_key' | 'devices'>;

function bodyOf(prefs: PushPreferencesValues): SettingsBody {
  return {
    new_episodes: prefs.newEpisodes,
    checkin_reminder: prefs.checkinReminder,
    checkin_time: prefs.checkinTime,
    vip_renewal: prefs.vipRenewal,
    quiet_start: prefs.quietStart,
    quiet_end: prefs.quietEnd,
    time_zone: prefs.timeZone,
    language: prefs.language,
  };
}

/** A viewer's notification choices and devices: read, change, subscribe, unsubscribe. */
export class PushSettingsService {
  private readonly prefs: PushPreferencesRepository;
  private readonly devices: PushSubscriptionsRepository;

  constructor(private readonly deps: PushSettingsServiceDeps) {
    this.prefs = new PushPreferencesRepository(deps.db);
    this.devices = new PushSubscriptionsRepository(deps.db);
  }

  async get(userId: number): Promise<NotificationSettings> {
    const row: PushPreferencesRow | undefined = await this.prefs.find(userId);
    return this.answer(userId, row ?? DEFAULTS);
  }

  async update(userId: number, body: SettingsBody): Promise<NotificationSettings> {
    const row = await this.prefs.save(
      userId,
      {
        newEpisodes: body.new_episodes,
        checkinReminder: body.checkin_reminder,
        checkinTime: body.checkin_time,
        vipRenewal: body.vip_renewal,
        quietStart: body.quiet_start,
        quietEnd: body.quiet_end,
        timeZone: body.time_zone,
        language: body.language,
      },
      this.deps.clock(),
    );
    return this.answer(userId, row);
  }

  /**
   * Stores this device for the viewer (91001 malformed, 91002 not a push service, 91003 iOS
   * without APNs). A device someone else had subscribed stops receiving their notifications.
   */
  async subscribe(userId: number, body: PushSubscriptionBody): Promise<{ devices: number }> {
    const createdAt = this.deps.clock();
    if (body.platform === 'web') {
      const checked = checkWebSubscription(body, this.deps.config.push.extraOrigins);
      await this.deps.db.transaction(async (tx) => {
        await this.devices.upsert({ userId, platform: 'web', ...checked, createdAt }, tx);
        await this.devices.keepNewest(userId, PUSH_DEVICES_MAX, tx);
      });
    } else {
      if (this.deps.config.push.apns === undefined) {
        throw new AppError(
          Code.PUSH_CHANNEL_UNAVAILABLE,
          'Notifications to the iOS app are not configured on this server',
        );
      }
      const endpoint = body.token.toLowerCase();
      await this.deps.db.transaction(async (tx) => {
        await this.devices.upsert({ userId, platform: 'ios', endpoint, p256dh: null, auth: null, createdAt }, tx);
        await this.devices.keepNewest(userId, PUSH_DEVICES_MAX, tx);
      });
    }
    return { devices: await this.devices.countByUser(userId) };
  }

  /** Every device of the viewer stops at once, with whatever was still waiting for them. */
  async unsubscribeAll(userId: number): Promise<{ devices: 0 }> {
    await this.devices.deleteAllOfUser(userId);
    return { devices: 0 };
  }

  /** Part of deleting the account, in its transaction: devices, waiting notifications and choices go. */
  async eraseForDeletedAccount(userId: number, tx: Db): Promise<void> {
    await this.devices.deleteAllOfUser(userId, tx);
    await this.prefs.deleteOfUser(userId, tx);
  }

  private async answer(userId: number, prefs: PushPreferencesValues): Promise<NotificationSettings> {
    return {
      ...bodyOf(prefs),
      web_push_key: this.deps.vapidPublicKey,
      devices: await this.devices.countByUser(userId),
    };
  }
}
