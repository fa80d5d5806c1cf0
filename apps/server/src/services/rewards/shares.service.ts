import { Code, type shareBodySchema } from '@cliffhanger/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { SharesRepository } from '../../repositories/shares.repository.js';
import { enforceRateLimit, tooManyRequests, type RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { requireEpisode } from '../social/social-targets.js';

export type ShareInput = z.output<typeof shareBodySchema>;

export interface SharesServiceDeps {
  db: Db;
  targets: SocialTargetsRepository;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/**
 * A person shares a few times a minute at most. Share events feed a daily task and analytics, so
 * a script recording hundreds a second would only fill the table: 10 a minute per user (the rate
 * limiter, shared through Redis when configured) and 50 a day (counted in the database, so every
 * process agrees).
 */
export const SHARES_PER_MINUTE = 10;
export const SHARES_PER_DAY = 50;

/** Midnight UTC of `now`'s day: "today" for share counts, as for every daily task. */
function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Records shares (`POST /task/share`). Recording only: the share task counts these rows and its
 * claim pays (tasks.service.ts), so nothing here touches coins.
 */
export class SharesService {
  private readonly shares: SharesRepository;

  constructor(private readonly deps: SharesServiceDeps) {
    this.shares = new SharesRepository(deps.db);
  }

  async record(userId: number, input: ShareInput): Promise<{ recorded: true; shares_today: number }> {
    if (input.target === 'episode' && input.episode_id === undefined) {
      throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
        fields: [{ field: 'body.episode_id', message: "is required when target is 'episode'" }],
      });
    }
    const now = this.deps.clock();
    if (input.episode_id !== undefined) await requireEpisode(this.deps.targets, input.episode_id, now);
    const dayStart = utcDayStart(now);
    if ((await this.shares.countSince(userId, dayStart)) >= SHARES_PER_DAY) {
      const retryAfterS = Math.ceil((dayStart.getTime() + 86_400_000 - now.getTime()) / 1000);
      throw tooManyRequests(retryAfterS);
    }
    await enforceRateLimit(this.deps.rateLimiter, `share:user:${userId}`, SHARES_PER_MINUTE, 60);
    await this.shares.insert({
      userId,
      target: input.target,
      episodeId: input.episode_id ?? null,
      channel: input.channel,
      createdAt: now,
    });
    return { recorded: true, shares_today: await this.shares.countSince(userId, dayStart) };
  }
}
