import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: an opaque bearer token (docs/architecture.md#sessions). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens carry 256 bits of randomness, so a plain (unsalted, unkeyed) SHA-256 is enough to make a
 * stolen table useless and still lets the server find a session by its hash in one index lookup.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
