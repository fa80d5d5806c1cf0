import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 under AUTH_SECRET. Used where the input space is small enough to brute-force a
 * plain hash: six-digit SMS codes and phone numbers. Without the key, a database dump reveals
 * neither a live code nor which numbers belonged to deleted accounts.
 */
export class KeyedHasher {
  constructor(private readonly secret: Buffer) {
    if (secret.length < 32) throw new Error('the keyed-hash secret must be at least 32 bytes');
  }

  hash(value: string): string {
    return createHmac('sha256', this.secret).update(value, 'utf8').digest('hex');
  }

  /** Constant-time comparison against a stored hash, so response timing leaks nothing about a code. */
  matches(value: string, storedHex: string): boolean {
    const actual = Buffer.from(this.hash(value), 'hex');
    const expected = Buffer.from(storedHex, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
