import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { resolveVapidKeys } from '../../lib/vapid-keys.js';
import { RewardCalendar } from '../rewards/reward-calendar.js';
import { ApnsSender } from './apns-sender.js';
import { PushDispatchService } from './push-dispatch.service.js';
import { PushSettingsService } from './push-settings.service.js';
import { WebPushSender } from './web-push-sender.js';

export interface PushServices {
  /** A viewer's choices and devices (the notification endpoints, account deletion). */
  settings: PushSettingsService;
  /** Events into deliveries, and sending them (the push jobs). */
  dispatch: PushDispatchService;
}

export interface PushServicesDeps {
  db: Db;
  clock: Clock;
  config: Pick<ServerConfig, 'push' | 'dataDir' | 'rewards'>;
}

export function createPushServices({ db, clock, config }: PushServicesDeps): PushServices {
  const vapid = resolveVapidKeys(config);
  const senders = {
    web: new WebPushSender({ ...vapid, subject: config.push.vapidSubject }, { caFile: config.push.webPushCaFile }),
    ios: config.push.apns ? new ApnsSender(config.push.apns) : undefined,
  };
  return {
    settings: new PushSettingsService({ db, clock, config, vapidPublicKey: vapid.publicKey }),
    dispatch: new PushDispatchService({ db, clock, calendar: new RewardCalendar(config.rewards.timeZone), senders }),
  };
}
