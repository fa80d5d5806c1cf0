import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { sessionRefreshHistory, sessions, users } from '../db/schema.js';
import { sessionPresenting } from './presented-session.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

/** A session found by one of its token hashes, with the owner's deletion and block state. */
export interface SessionLookup {
  session: SessionRow;
  userDeletedAt: Date | null;
  userBlockedAt: Date | null;
}

/** A session found by a refresh token it rotated away, with when that token was rotated away. */
export interface RotatedAwayLookup extends SessionLookup {
  rotatedAt: Date;
}

/** What deciding whether a session is usable needs: enough of a SessionLookup to join into other reads. */
export interface SessionCheck {
  session: Pick<SessionRow, 'id' | 'userId' | 'tokenHash' | 'tokenExpiresAt' | 'refreshExpiresAt' | 'revokedAt'>;
  userDeletedAt: Date | null;
  /** Set while support blocks the account: its tokens are refused (docs/accounts.md#blocking). */
  userBlockedAt: Date | null;
}

type Rotation = Pick<SessionRow, 'tokenHash' | 'refreshHash' | 'tokenExpiresAt' | 'refreshExpiresAt'> & {
  rotatedAt: Date;
};

/** SQL for the sessions table and its refresh-token history. */
export class SessionsRepository {
  /** Every signed-in request starts here: prepared once per connection, then only executed. */
  private readonly byTokenOrRefreshHash;

  constructor(private readonly db: Db) {
    this.byTokenOrRefreshHash = this.lookupQuery(sessionPresenting(sql.placeholder('hash'))).prepare(
      'session_by_token_or_refresh_hash',
    );
  }

  async insert(values: NewSessionRow, tx: Db = this.db): Promise<SessionRow> {
    const [row] = await tx.insert(sessions).values(values).returning();
    if (!row) throw new Error('insert into sessions returned no row');
    return row;
  }

  /** The session whose access or refresh hash is `hash` (both columns are unique). */
  async findByTokenOrRefreshHash(hash: string): Promise<SessionLookup | undefined> {
    return (await this.byTokenOrRefreshHash.execute({ hash }))[0];
  }

  findByRefreshHash(hash: string): Promise<SessionLookup | undefined> {
    return this.lookup(eq(sessions.refreshHash, hash));
  }

  /** The session that once rotated the refresh token hashed `hash` away, at any point of its life. */
  async findByRotatedAwayHash(hash: string): Promise<RotatedAwayLookup | undefined> {
    const [row] = await this.db
      .select({
        session: sessions,
        userDeletedAt: users.deletedAt,
        userBlockedAt: users.blockedAt,
        rotatedAt: sessionRefreshHistory.rotatedAt,
      })
      .from(sessionRefreshHistory)
      .innerJoin(sessions, eq(sessions.id, sessionRefreshHistory.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessionRefreshHistory.refreshHash, hash))
      .limit(1);
    return row;
  }

  private async lookup(where: SQL): Promise<SessionLookup | undefined> {
    const [row] = await this.lookupQuery(where);
    return row;
  }

  /** A session with its owner's deletion and block state (the same users row: no extra read). */
  private lookupQuery(where: SQL) {
    return this.db
      .select({ session: sessions, userDeletedAt: users.deletedAt, userBlockedAt: users.blockedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .limit(1);
  }

  /**
   * Replaces both tokens, only if the refresh hash is still the one presented and the session is
   * live: of two concurrent refreshes with the same token exactly one wins. The same statement
   * files the presented hash in the session's history, so a refresh costs no extra round trip
   * and no rotation can happen without its record.
   */
  async rotate(id: number, presentedRefreshHash: string, next: Rotation, tx: Db = this.db): Promise<boolean> {
    const rotated = tx.$with('rotated').as(
      tx
        .update(sessions)
        .set(next)
        .where(and(eq(sessions.id, id), eq(sessions.refreshHash, presentedRefreshHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id }),
    );
    const rows = await tx
      .with(rotated)
      .insert(sessionRefreshHistory)
      .select((qb) =>
        qb
          .select({
            refreshHash: sql<string>`${presentedRefreshHash}`.as('refresh_hash'),
            sessionId: rotated.id,
            rotatedAt: sql<Date>`${next.rotatedAt.toISOString()}::timestamptz`.as('rotated_at'),
          })
          .from(rotated),
      )
      .returning({ sessionId: sessionRefreshHistory.sessionId });
    return rows.length === 1;
  }

  /** Whether the user is blocked now (a sign-in about to start a session asks). */
  async userBlocked(userId: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.blockedAt != null;
  }

  async revoke(id: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async revokeOthersForUser(userId: number, keepSessionId: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  }

  /** Device details are personal data; a deleted account keeps none. */
  async scrubForUser(userId: number, tx: Db = this.db): Promise<void> {
    await tx.update(sessions).set({ userAgent: '', ip: '' }).where(eq(sessions.userId, userId));
  }
}
