import { eq, or, type Placeholder, type SQL } from 'drizzle-orm';
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

/** The session whose access or refresh token hash is `hash` (both columns are unique). */
export function sessionPresenting(hash: SQL | Placeholder): SQL {
  return or(eq(sessions.tokenHash, hash), eq(sessions.refreshHash, hash))!;
}
