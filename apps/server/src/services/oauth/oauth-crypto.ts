import { createHash } from 'node:crypto';
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

/**
 * PKCE (RFC 7636): the verifier is 43 characters of the unreserved set (32 random bytes in
 * base64url), the challenge is BASE64URL(SHA256(verifier)) sent with method S256.
 */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken();
  return { verifier, challenge: pkceChallengeOf(verifier) };
}

export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
