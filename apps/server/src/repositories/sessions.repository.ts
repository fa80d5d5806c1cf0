import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { sessions, users } from '../db/schema.js';
import { sessionPresenting } from './presented-session.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

/** A session found by one of its token hashes, with the owner's deletion state. */
export interface SessionLookup {
  session: SessionRow;
  userDeletedAt: Date | null;
}

/** What deciding whether a session is usable needs: enough of a SessionLookup to join into other reads. */
export interface SessionCheck {
  session: Pick<SessionRow, 'id' | 'userId' | 'tokenHash' | 'tokenExpiresAt' | 'refreshExpiresAt' | 'revokedAt'>;
  userDeletedAt: Date | null;
}

type Rotation = Pick<SessionRow, 'tokenHash' | 'refreshHash' | 'tokenExpiresAt' | 'refreshExpiresAt'> & {
  rotatedAt: Date;
};

/** SQL for the sessions table only. */
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

  findByPreviousRefreshHash(hash: string): Promise<SessionLookup | undefined> {
    return this.lookup(eq(sessions.previousRefreshHash, hash));
  }

  private async lookup(where: SQL): Promise<SessionLookup | undefined> {
    const [row] = await this.lookupQuery(where);
    return row;
  }

  /** A session with its owner's deletion state. */
  private lookupQuery(where: SQL) {
    return this.db
      .select({ session: sessions, userDeletedAt: users.deletedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .limit(1);
  }

  /**
   * Replaces both tokens, only if the refresh hash is still the one presented and the session is
   * live: of two concurrent refreshes with the same token exactly one wins.
   */
  async rotate(id: number, presentedRefreshHash: string, next: Rotation, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(sessions)
      .set({ ...next, previousRefreshHash: presentedRefreshHash })
      .where(and(eq(sessions.id, id), eq(sessions.refreshHash, presentedRefreshHash), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length === 1;
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
