import type { likeStateSchema } from '@cliffhanger/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { LikesRepository } from '../../repositories/likes.repository.js';
import type { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { requireEpisode } from './social-targets.js';

export type LikeState = z.output<typeof likeStateSchema>;

export interface LikesServiceDeps {
  db: Db;
  targets: SocialTargetsRepository;
  clock: Clock;
}

/**
 * Likes of episodes. Invariant: episodes.likes = COUNT(*) of its episode_likes rows, and
 * dramas.likes = the sum over its episodes. The row and both counters change in one transaction,
 * and the counters only when INSERT … ON CONFLICT DO NOTHING / DELETE … RETURNING reports that
 * the row really changed, so repeats and races (a double tap, two tabs) cannot drift them.
 */
export class LikesService {
  private readonly likes: LikesRepository;

  constructor(private readonly deps: LikesServiceDeps) {
    this.likes = new LikesRepository(deps.db);
  }

  async like(userId: number, episodeId: number): Promise<LikeState> {
    const now = this.deps.clock();
    await requireEpisode(this.deps.targets, episodeId, now);
    return this.deps.db.transaction(async (tx) => {
      const added = await this.likes.insert(userId, episodeId, now, tx);
      const likes = added
        ? await this.likes.addToCounters(episodeId, 1, tx)
        : await this.likes.episodeLikes(episodeId, tx);
      return { liked: true, likes };
    });
  }

  async unlike(userId: number, episodeId: number): Promise<LikeState> {
    await requireEpisode(this.deps.targets, episodeId, this.deps.clock());
    return this.deps.db.transaction(async (tx) => {
      const removed = await this.likes.delete(userId, episodeId, tx);
      const likes = removed
        ? await this.likes.addToCounters(episodeId, -1, tx)
        : await this.likes.episodeLikes(episodeId, tx);
      return { liked: false, likes };
    });
  }
}
