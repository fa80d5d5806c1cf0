import { sql, type SQL } from 'drizzle-orm';
import type { SessionCheck } from './sessions.repository.js';

/**
 * The session a request presents, as SQL to join into a hot read (the drama page, a play) so the
 * session lookup and the viewer's data cost one round trip, not two. Both are uncorrelated scalar
 * subqueries, so PostgreSQL runs each once per statement (an InitPlan) through the unique hash
 * indexes. The session service still decides, from what `sessionColumn` returns, whether the
 * session may be used (SessionService.check); a read for an unusable session is thrown away.
 */
const matches = (hash: SQL) => sql`(s.token_hash = ${hash} OR s.refresh_hash = ${hash})`;

/** The id of the user whose access or refresh token hash is `hash` (null when none is). */
export function userIdOfSession(hash: SQL): SQL<number | null> {
  return sql<number | null>`(SELECT s.user_id FROM sessions s WHERE ${matches(hash)} LIMIT 1)`;
}

/** The session row with its owner's deletion state, as a JSON array (`sessionCheckOf` reads it). */
export function sessionColumn(hash: SQL): SQL<SessionColumn | null> {
  // Times as epoch milliseconds: a JSON timestamp's text form would need parsing and a time zone.
  const ms = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);
  return sql<SessionColumn | null>`(
    SELECT json_build_array(s.id, s.user_id, s.token_hash, ${ms('s.token_expires_at')},
      ${ms('s.refresh_expires_at')}, ${ms('s.revoked_at')}, ${ms('u.deleted_at')})
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE ${matches(hash)} LIMIT 1)`;
}

type SessionColumn = [number | string, number | string, string, number, number, number | null, number | null];

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

export function sessionCheckOf(column: SessionColumn | null): SessionCheck | undefined {
  if (column === null) return undefined;
  const [id, userId, tokenHash, tokenExpiresMs, refreshExpiresMs, revokedMs, deletedMs] = column;
  return {
    session: {
      id: Number(id),
      userId: Number(userId),
      tokenHash,
      tokenExpiresAt: new Date(tokenExpiresMs),
      refreshExpiresAt: new Date(refreshExpiresMs),
      revokedAt: dateOrNull(revokedMs),
    },
    userDeletedAt: dateOrNull(deletedMs),
  };
}
