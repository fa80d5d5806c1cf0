import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyedHasher } from './keyed-hash.js';
import { randomToken, sha256Hex } from './tokens.js';

describe('KeyedHasher', () => {
  const secret = Buffer.alloc(32, 7);

  it('is HMAC-SHA256 under the secret, hex', () => {
    const hasher = new KeyedHasher(secret);
    expect(hasher.hash('+905321234567:123456')).toBe(
      createHmac('sha256', secret).update('+905321234567:123456').digest('hex'),
    );
  });

  it('depends on the key, so a dump without it cannot be brute-forced', () => {
    expect(new KeyedHasher(secret).hash('x')).not.toBe(new KeyedHasher(Buffer.alloc(32, 8)).hash('x'));
  });

  it('matches only the same value', () => {
    const hasher = new KeyedHasher(secret);
    const stored = hasher.hash('a');
    expect(hasher.matches('a', stored)).toBe(true);
    expect(hasher.matches('b', stored)).toBe(false);
    expect(hasher.matches('a', 'abc')).toBe(false);
  });

  it('refuses a short key', () => {
    expect(() => new KeyedHasher(Buffer.alloc(16))).toThrow();
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as SHA-256', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
