import { and, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import {
  checkins,
  dramas,
  episodes,
  invites,
  orders,
  sessions,
  taskClaims,
  userIdentities,
  users,
  watchHistory,
} from '../db/schema.js';

export type ViewerRow = typeof users.$inferSelect;

/** What the search box may have been: each is compared exactly, and any may be absent. */
export interface ViewerSearch {
  uid: number | null;
  phone: string | null;
  inviteCode: string | null;
  orderPublicId: string | null;
}

export interface ViewerSearchRow {
  user: ViewerRow;
  byUid: boolean;
  byPhone: boolean;
  byInviteCode: boolean;
  byOrder: boolean;
}

/** A search matches a handful of accounts at most (a uid, a phone, a code, an order: one each). */
const SEARCH_LIMIT = 10;

/**
 * SQL for the console's Viewers area: reads of one account across its tables, each by an index
 * on the user (docs/console.md#viewers), and the block column. The coin and VIP ledgers are read
 * and written by the wallet's services only (WalletSupportView), never here.
 */
export class ConsoleViewersRepository {
  constructor(private readonly db: Db) {}

  async search(search: ViewerSearch): Promise<ViewerSearchRow[]> {
    const byUid = search.uid === null ? undefined : eq(users.id, search.uid);
    const byPhone = search.phone === null ? undefined : eq(users.phone, search.phone);
    const byInviteCode = search.inviteCode === null ? undefined : eq(users.inviteCode, search.inviteCode);
    const byOrder =
      search.orderPublicId === null
        ? undefined
        : sql`${users.id} = (SELECT ${orders.userId} FROM ${orders} WHERE ${orders.publicId} = ${search.orderPublicId})`;
    const matchers = [byUid, byPhone, byInviteCode, byOrder].filter((m) => m !== undefined);
    if (matchers.length === 0) return [];
    const flag = (condition: SQL | undefined) => sql<boolean>`${condition ?? sql`false`}`;
    return this.db
      .select({
        user: users,
        byUid: flag(byUid),
        byPhone: flag(byPhone),
        byInviteCode: flag(byInviteCode),
        byOrder: flag(byOrder),
      })
      .from(users)
      .where(or(...matchers))
      .orderBy(users.id)
      .limit(SEARCH_LIMIT);
  }

  async find(userId: number, tx: Db = this.db): Promise<ViewerRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  /** The viewer's row, locked for the rest of the transaction (a block, an unblock). */
  async findForUpdate(userId: number, tx: Db): Promise<ViewerRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    return row;
  }

  async setBlock(userId: number, blockedAt: Date | null, reason: string | null, tx: Db): Promise<void> {
    await tx.update(users).set({ blockedAt, blockReason: reason }).where(eq(users.id, userId));
  }

  identities(userId: number) {
    return this.db
      .select({ provider: userIdentities.provider, createdAt: userIdentities.createdAt })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(userIdentities.id);
  }

  sessions(userId: number, limit: number) {
    return this.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        rotatedAt: sessions.rotatedAt,
        refreshExpiresAt: sessions.refreshExpiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.id))
      .limit(limit);
  }

  async liveSessionCount(userId: number, now: Date, tx: Db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, now)));
    return row?.n ?? 0;
  }

  orders(userId: number, limit: number) {
    return this.db
      .select({
        publicId: orders.publicId,
        productId: orders.productId,
        kind: orders.kind,
        channel: orders.channel,
        status: orders.status,
        priceCents: orders.priceCents,
        currency: orders.currency,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.id))
      .limit(limit);
  }

  /** Who invited the viewer (at most one) and whom the viewer invited, newest first. */
  async invites(userId: number, limit: number) {
    const other = alias(users, 'other');
    const party = {
      uid: other.id,
      nickname: other.nickname,
      inviterReward: invites.inviterReward,
      createdAt: invites.createdAt,
    };
    const [invitedBy] = await this.db
      .select(party)
      .from(invites)
      .innerJoin(other, eq(other.id, invites.inviterId))
      .where(eq(invites.inviteeId, userId))
      .limit(1);
    const invited = await this.db
      .select(party)
      .from(invites)
      .innerJoin(other, eq(other.id, invites.inviteeId))
      .where(eq(invites.inviterId, userId))
      .orderBy(desc(invites.createdAt))
      .limit(limit);
    return { invitedBy, invited };
  }

  /** Check-ins and task claims, newest first. */
  async rewards(userId: number, limit: number) {
    const rows = await queryRows<{ kind: string; period: string; coins: number; created_at: string | Date }>(
      this.db,
      sql`(SELECT 'checkin' AS kind, ${checkins.localDate} AS period, ${checkins.reward} AS coins,
                  ${checkins.createdAt} AS created_at
           FROM ${checkins} WHERE ${checkins.userId} = ${userId} ORDER BY ${checkins.createdAt} DESC LIMIT ${limit})
          UNION ALL
          (SELECT ${taskClaims.taskKey}, ${taskClaims.period}, ${taskClaims.coins}, ${taskClaims.createdAt}
           FROM ${taskClaims} WHERE ${taskClaims.userId} = ${userId} ORDER BY ${taskClaims.createdAt} DESC LIMIT ${limit})
          ORDER BY created_at DESC LIMIT ${limit}`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      period: row.period,
      coins: Number(row.coins),
      createdAt: new Date(row.created_at),
    }));
  }

  /** The dramas the viewer watched last, with the episode they were at. */
  plays(userId: number, limit: number) {
    return this.db
      .select({
        dramaId: watchHistory.dramaId,
        dramaTitle: sql<string>`coalesce(${dramas.title}->>'en', '')`,
        episodeId: watchHistory.episodeId,
        episodeNumber: episodes.number,
        positionS: watchHistory.positionS,
        updatedAt: watchHistory.updatedAt,
      })
      .from(watchHistory)
      .innerJoin(dramas, eq(dramas.id, watchHistory.dramaId))
      .innerJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(desc(watchHistory.updatedAt))
      .limit(limit);
  }
}
