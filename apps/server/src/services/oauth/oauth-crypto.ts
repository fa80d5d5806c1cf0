import { randomToken, sha256Hex } from '../../lib/tokens.js';

/** 32 random bytes, base64url: unguessable, and fits a query string without escaping. */
export { randomToken };

/**
 * The state is a bearer secret until it is used; only its hash is stored, so reading the table
 * (a backup, a log of queries) does not let anyone finish someone else's sign-in.
 */
export function hashState(state: string): string {
  return sha256Hex(state);
}
