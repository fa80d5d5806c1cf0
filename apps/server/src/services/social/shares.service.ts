import { Code, type shareBodySchema } from '@cliffhanger/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { SharesRepository } from '../../repositories/shares.repository.js';
import type { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { requireEpisode } from './social-targets.js';

export type ShareInput = z.output<typeof shareBodySchema>;

export interface SharesServiceDeps {
  db: Db;
  targets: SocialTargetsRepository;
  clock: Clock;
}

/** Midnight UTC of `now`'s day: "today" for share counts, as for every daily task. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Records shares (`POST /task/share`). Recording only: paying the share task from these rows is
 * the rewards issue's job, so nothing here touches coins.
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
    if (input.episode_id !== undefined) await requireEpisode(this.deps.targets, input.episode_id);
    const now = this.deps.clock();
    await this.shares.insert({
      userId,
      target: input.target,
      episodeId: input.episode_id ?? null,
      channel: input.channel,
      createdAt: now,
    });
    return { recorded: true, shares_today: await this.shares.countSince(userId, utcDayStart(now)) };
  }
}
