import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { sessions } from '../db/auth.schema.js';

/**
 * The session a request presents, joined into a hot read (the drama page, a play) so the session
 * lookup and the viewer's data cost one round trip, not two. The read returns the session as it
 * is, revoked or expired included: the session service decides whether it may be used
 * (SessionService.check), and a read for an unusable session is thrown away.
 */
export const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  tokenHash: sessions.tokenHash,
  tokenExpiresAt: sessions.tokenExpiresAt,
  refreshExpiresAt: sessions.refreshExpiresAt,
  revokedAt: sessions.revokedAt,
};

/**
 * The session whose access or refresh token hash is `hash` (both columns are unique). Written as
 * two unique-index lookups rather than `token_hash = h OR refresh_hash = h`: PostgreSQL plans the
 * OR as a bitmap heap scan, and every run of one asks the table's size from the file system (an
 * lseek; in PGlite an fstat through Emscripten), once per presented token.
 */
export function sessionPresenting(hash: SQL | Placeholder): SQL {
  const column = (name: string) => sql`s.${sql.identifier(name)}`;
  return sql`${sessions.id} = (
    SELECT s.id FROM ${sessions} s WHERE ${column(sessions.tokenHash.name)} = ${hash}
    UNION ALL
    SELECT s.id FROM ${sessions} s WHERE ${column(sessions.refreshHash.name)} = ${hash}
    LIMIT 1)`;
}
