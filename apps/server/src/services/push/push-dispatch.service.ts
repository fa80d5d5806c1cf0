import type { Db } from '../../db/database.js';
import type { PushPreferencesRow } from '../../db/push.schema.js';
import type { Clock } from '../../lib/clock.js';
import { PushDeliveriesRepository, type ClaimedDelivery } from '../../repositories/push-deliveries.repository.js';
import { PushEventsRepository } from '../../repositories/push-events.repository.js';
import { PushPreferencesRepository } from '../../repositories/push-preferences.repository.js';
import { PushSubscriptionsRepository } from '../../repositories/push-subscriptions.repository.js';
import type { RewardCalendar } from '../rewards/reward-calendar.js';
import { firstAllowedAt, localClock, reminderMinute } from './local-time.js';
import type { PushSender } from './push-sender.js';
import { checkinMessage, newEpisodeMessage, vipRenewalMessage, type PushMessage } from './push-texts.js';

/** How often the reminders job runs (and with it every due delivery, retries included). */
export const PUSH_REMINDERS_INTERVAL_S = 60;
/** Tries per delivery before it is given up. */
const PUSH_MAX_ATTEMPTS = 5;
/** First retry after this, doubling each time (30 s, 1, 2, 4 minutes). */
const RETRY_BASE_MS = 30_000;
/** Deliveries taken per claim: small, so a slow push service holds few rows. */
const CLAIM_BATCH = 50;
const HOUR_MS = 3_600_000;
/** A reminder is sent in the hour after its minute, or not that day (a worker that was down does not remind at midnight). */
const REMINDER_WINDOW_MINUTES = 60;

export interface PushDispatchServiceDeps {
  db: Db;
  clock: Clock;
  /** The reward day, whose check-in the reminder is about. */
  calendar: RewardCalendar;
  senders: { web: PushSender; ios?: PushSender | undefined };
}

export interface DeliveryRun {
  sent: number;
  gone: number;
  retried: number;
  failed: number;
}

/**
 * Turns events into deliveries (one per device of each viewer who opted in, held until their
 * quiet hours end) and sends the due ones (docs/notifications.md). Safe to run twice and in
 * parallel: the deliveries' unique key and the claim keep every event to one send per device.
 */
export class PushDispatchService {
  private readonly deliveries: PushDeliveriesRepository;
  private readonly prefs: PushPreferencesRepository;
  private readonly devices: PushSubscriptionsRepository;
  private readonly events: PushEventsRepository;

  constructor(private readonly deps: PushDispatchServiceDeps) {
    this.deliveries = new PushDeliveriesRepository(deps.db);
    this.prefs = new PushPreferencesRepository(deps.db);
    this.devices = new PushSubscriptionsRepository(deps.db);
    this.events = new PushEventsRepository(deps.db);
  }

  /**
   * A new episode: a delivery for every device of every viewer who has its drama in their list
   * and opted in. Nothing while the drama is not released (its viewers cannot open it).
   */
  async notifyNewEpisode(episodeId: number): Promise<{ viewers: number; deliveries: number }> {
    const now = this.deps.clock();
    const episode = await this.events.episodeWithDrama(episodeId);
    if (!episode?.publishedAt || episode.publishedAt > now) return { viewers: 0, deliveries: 0 };
    const followers = await this.prefs.newEpisodeFollowers(episode.dramaId);
    let deliveries = 0;
    for (const prefs of followers) {
      const message = newEpisodeMessage(
        prefs.language,
        { id: episode.dramaId, title: episode.title },
        { id: episode.episodeId, number: episode.number },
      );
      deliveries += await this.add(prefs, `episode:${episodeId}`, 'new_episode', message, firstAllowedAt(now, prefs));
    }
    return { viewers: followers.length, deliveries };
  }

  /**
   * The reminders due now. Check-in: at the viewer's time (the end of quiet hours when it falls
   * inside them), once per local day, while the reward day's check-in is not done. VIP renewal:
   * once per renewal, from 24 hours before it, held past quiet hours.
   */
  async scheduleReminders(): Promise<{ checkin: number; vipRenewal: number }> {
    const now = this.deps.clock();
    let checkin = 0;
    for (const prefs of await this.prefs.checkinReminderCandidates(this.deps.calendar.dateOf(now))) {
      const { date, minute } = localClock(now, prefs.timeZone);
      const due = reminderMinute(prefs.checkinTime, prefs);
      if (minute < due || minute >= due + REMINDER_WINDOW_MINUTES) continue;
      checkin += await this.add(
        prefs,
        `checkin:${prefs.userId}:${date}`,
        'checkin',
        checkinMessage(prefs.language),
        now,
      );
    }
    let vipRenewal = 0;
    for (const { prefs, subscriptionId, renewsAt } of await this.prefs.renewalsDue(
      now,
      new Date(now.getTime() + 24 * HOUR_MS),
    )) {
      if (!renewsAt) continue;
      const key = `vip-renewal:${subscriptionId}:${renewsAt.toISOString()}`;
      vipRenewal += await this.add(
        prefs,
        key,
        'vip_renewal',
        vipRenewalMessage(prefs.language),
        firstAllowedAt(now, prefs),
      );
    }
    return { checkin, vipRenewal };
  }

  /** Sends every due delivery, batch by batch, until none is due. */
  async deliverDue(signal?: AbortSignal): Promise<DeliveryRun> {
    const run: DeliveryRun = { sent: 0, gone: 0, retried: 0, failed: 0 };
    for (;;) {
      if (signal?.aborted) break;
      const batch = await this.deliveries.claimDue(this.deps.clock(), CLAIM_BATCH);
      if (batch.length === 0) break;
      await Promise.all(batch.map((delivery) => this.deliverOne(delivery, run)));
    }
    return run;
  }

  async close(): Promise<void> {
    await Promise.all([this.deps.senders.web.close(), this.deps.senders.ios?.close()]);
  }

  private add(
    prefs: PushPreferencesRow,
    eventKey: string,
    kind: 'new_episode' | 'checkin' | 'vip_renewal',
    payload: PushMessage,
    notBefore: Date,
  ): Promise<number> {
    return this.deliveries.addForUserDevices({ eventKey, userId: prefs.userId, kind, payload, notBefore });
  }

  private async deliverOne(delivery: ClaimedDelivery, run: DeliveryRun): Promise<void> {
    const sender = delivery.platform === 'web' ? this.deps.senders.web : this.deps.senders.ios;
    const outcome = sender
      ? await sender.send(delivery, delivery.payload)
      : { kind: 'retry' as const, reason: 'APNs is not configured' };
    const now = this.deps.clock();
    switch (outcome.kind) {
      case 'sent':
        run.sent += 1;
        return this.deliveries.markSent(delivery.id, now);
      case 'gone':
        // The device no longer exists: it goes, and every delivery still waiting for it.
        run.gone += 1;
        return this.devices.deleteById(delivery.subscriptionId);
      case 'retry':
        if (delivery.attempts < PUSH_MAX_ATTEMPTS) {
          run.retried += 1;
          const retryAt = new Date(now.getTime() + RETRY_BASE_MS * 2 ** (delivery.attempts - 1));
          return this.deliveries.markRetry(delivery.id, retryAt, outcome.reason);
        }
        run.failed += 1;
        return this.deliveries.markFailed(delivery.id, outcome.reason);
      case 'failed':
        run.failed += 1;
        return this.deliveries.markFailed(delivery.id, outcome.reason);
    }
  }
}
