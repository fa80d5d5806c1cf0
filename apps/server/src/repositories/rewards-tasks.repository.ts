import { and, count, eq, gte, lt, max, sql } from 'drizzle-orm';
import { episodePlays } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { taskClaims, watchedVideos } from '../db/rewards.schema.js';
import { shareEvents } from '../db/social.schema.js';

/** SQL behind the tasks: counted videos, app shares, and what has been claimed. */
export class RewardsTasksRepository {
  constructor(private readonly db: Db) {}

  async countWatched(userId: number, localDate: string, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(watchedVideos)
      .where(and(eq(watchedVideos.userId, userId), eq(watchedVideos.localDate, localDate)));
    return row?.n ?? 0;
  }

  async hasWatched(userId: number, localDate: string, episodeId: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ episodeId: watchedVideos.episodeId })
      .from(watchedVideos)
      .where(
        and(
          eq(watchedVideos.userId, userId),
          eq(watchedVideos.localDate, localDate),
          eq(watchedVideos.episodeId, episodeId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Serialises watch counting for one user until the transaction ends, so reports sent in
   * parallel see each other's counted videos.
   */
  async lockWatcher(userId: number, tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`watch:${userId}`}, 0))`);
  }

  /** When the user's latest counted video was counted, any day. */
  async lastWatchedAt(userId: number, tx: Db = this.db): Promise<Date | undefined> {
    const [row] = await tx
      .select({ at: max(watchedVideos.createdAt) })
      .from(watchedVideos)
      .where(eq(watchedVideos.userId, userId));
    return row?.at ?? undefined;
  }

  /** Counts the episode for that day unless already counted (the primary key decides). */
  async insertWatched(userId: number, localDate: string, episodeId: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx.insert(watchedVideos).values({ userId, localDate, episodeId, createdAt: at }).onConflictDoNothing();
  }

  /**
   * Did the server hand this user the episode's playback (GET /episodes/:id/play, which records
   * episode_plays) between `from` and `until`? Progress reports without a play are not believed.
   */
  async playedBetween(userId: number, episodeId: number, from: Date, until: Date, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ episodeId: episodePlays.episodeId })
      .from(episodePlays)
      .where(
        and(
          eq(episodePlays.viewerKey, `u:${userId}`),
          eq(episodePlays.episodeId, episodeId),
          gte(episodePlays.createdAt, from),
          sql`${episodePlays.createdAt} <= ${until}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async countAppShares(userId: number, from: Date, until: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(shareEvents)
      .where(
        and(
          eq(shareEvents.userId, userId),
          eq(shareEvents.target, 'app'),
          gte(shareEvents.createdAt, from),
          lt(shareEvents.createdAt, until),
        ),
      );
    return row?.n ?? 0;
  }

  /** Units claimed so far in the period (0 when nothing was). */
  async claimedUpto(userId: number, taskKey: string, period: string, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ upto: max(taskClaims.upto) })
      .from(taskClaims)
      .where(and(eq(taskClaims.userId, userId), eq(taskClaims.taskKey, taskKey), eq(taskClaims.period, period)));
    return row?.upto ?? 0;
  }

  async insertClaim(claim: typeof taskClaims.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(taskClaims).values(claim);
  }
}
