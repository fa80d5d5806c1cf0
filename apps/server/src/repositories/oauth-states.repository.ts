import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { oauthStates } from '../db/schema.js';

type NewState = Pick<typeof oauthStates.$inferSelect, 'stateHash' | 'provider' | 'codeVerifier' | 'binderHash'>;

/**
 * SQL for `oauth_states`. Expiry is computed by the database clock (`now()`) on both insert and
 * consume, so several API processes with drifting clocks agree on what "expired" means.
 */
export class OAuthStatesRepository {
  constructor(private readonly db: Db) {}

  async insert({ ttlSeconds, ...values }: NewState & { ttlSeconds: number }, tx: Db = this.db): Promise<void> {
    await tx.insert(oauthStates).values({ ...values, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
  }

  /**
   * Marks the state used and returns its PKCE verifier, or undefined when the state is unknown,
   * expired, for another provider, already used, or was issued to another browser. One conditional UPDATE: under concurrent
   * callbacks with the same state exactly one caller gets the row (the others wait for its row
   * lock, re-check `consumed_at IS NULL` and match nothing).
   */
  async consume(
    where: { stateHash: string; provider: string; binderHash: string },
    tx: Db = this.db,
  ): Promise<{ codeVerifier: string | null } | undefined> {
    const [row] = await tx
      .update(oauthStates)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(oauthStates.stateHash, where.stateHash),
          eq(oauthStates.provider, where.provider),
          eq(oauthStates.binderHash, where.binderHash),
          isNull(oauthStates.consumedAt),
          gt(oauthStates.expiresAt, sql`now()`),
        ),
      )
      .returning({ codeVerifier: oauthStates.codeVerifier });
    return row;
  }

  /**
   * Deletes up to `limit` expired states (used or not: past expiry a state is refused anyway).
   * Bounded so a backlog never turns one sign-in request into a long delete.
   */
  async deleteExpired(limit: number, tx: Db = this.db): Promise<number> {
    const expired = tx
      .select({ id: oauthStates.id })
      .from(oauthStates)
      .where(lt(oauthStates.expiresAt, sql`now()`))
      .limit(limit);
    const deleted = await tx
      .delete(oauthStates)
      .where(inArray(oauthStates.id, expired))
      .returning({ id: oauthStates.id });
    return deleted.length;
  }
}
