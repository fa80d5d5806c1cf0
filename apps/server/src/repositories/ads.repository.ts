import { and, count, eq, gt, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { dramas, episodes, type DramaRow, type EpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { adEpisodeStarts, adRewardTokens, type AdRewardTokenRow } from '../db/rewards.schema.js';
import { users } from '../db/users.schema.js';
import { releasedBy } from './drama-release.js';

/** SQL for ads: house-ad candidates, the interstitial interval and rewarded-ad tokens. */
export class AdsRepository {
  constructor(private readonly db: Db) {}

  async vipExpiresAt(userId: number, tx: Db = this.db): Promise<Date | null> {
    const [row] = await tx.select({ vip: users.vipExpiresAt }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.vip ?? null;
  }

  /** The episode's drama, when it is released by `now`. */
  async dramaOfEpisode(episodeId: number, now: Date, tx: Db = this.db): Promise<number | undefined> {
    const [row] = await tx
      .select({ dramaId: episodes.dramaId })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(and(eq(episodes.id, episodeId), releasedBy(now)))
      .limit(1);
    return row?.dramaId;
  }

  /**
   * A random drama released by `now`, other than `excludeDramaId`, with its first episode, when
   * that episode is free (the promo clip anyone may watch).
   */
  async randomPromo(
    excludeDramaId: number | undefined,
    now: Date,
    tx: Db = this.db,
  ): Promise<{ drama: DramaRow; episode: EpisodeRow } | undefined> {
    const [row] = await tx
      .select({ drama: dramas, episode: episodes })
      .from(dramas)
      .innerJoin(episodes, and(eq(episodes.dramaId, dramas.id), eq(episodes.number, 1)))
      .where(
        and(
          gt(dramas.freeEpisodes, 0),
          releasedBy(now),
          excludeDramaId === undefined ? undefined : ne(dramas.id, excludeDramaId),
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    return row;
  }

  /** Records the start (once per viewer, day and episode) and answers its 1-based position that day. */
  async startPosition(
    viewerKey: string,
    localDate: string,
    episodeId: number,
    at: Date,
    tx: Db = this.db,
  ): Promise<number> {
    await tx.insert(adEpisodeStarts).values({ viewerKey, localDate, episodeId, createdAt: at }).onConflictDoNothing();
    const sameDay = and(eq(adEpisodeStarts.viewerKey, viewerKey), eq(adEpisodeStarts.localDate, localDate));
    const [own] = await tx
      .select({ id: adEpisodeStarts.id })
      .from(adEpisodeStarts)
      .where(and(sameDay, eq(adEpisodeStarts.episodeId, episodeId)))
      .limit(1);
    if (!own) throw new Error('episode start vanished');
    const [row] = await tx
      .select({ n: count() })
      .from(adEpisodeStarts)
      .where(and(sameDay, lte(adEpisodeStarts.id, own.id)));
    return row?.n ?? 1;
  }

  async insertToken(token: typeof adRewardTokens.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(adRewardTokens).values(token);
  }

  /** Ends every unpaid, unexpired token of the user (they expire now). */
  async voidUnpaidTokens(userId: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(adRewardTokens)
      .set({ expiresAt: at })
      .where(and(eq(adRewardTokens.userId, userId), isNull(adRewardTokens.usedAt), gt(adRewardTokens.expiresAt, at)));
  }

  async findToken(tokenHash: string, tx: Db = this.db): Promise<AdRewardTokenRow | undefined> {
    const [row] = await tx.select().from(adRewardTokens).where(eq(adRewardTokens.tokenHash, tokenHash)).limit(1);
    return row;
  }

  async markUsed(tokenHash: string, at: Date, localDate: string, tx: Db = this.db): Promise<void> {
    await tx
      .update(adRewardTokens)
      .set({ usedAt: at, usedOn: localDate })
      .where(eq(adRewardTokens.tokenHash, tokenHash));
  }

  /** Rewarded ads paid to the user on that server day. */
  async countUsedOn(userId: number, localDate: string, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(adRewardTokens)
      .where(
        and(eq(adRewardTokens.userId, userId), eq(adRewardTokens.usedOn, localDate), isNotNull(adRewardTokens.usedAt)),
      );
    return row?.n ?? 0;
  }
}
