import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher.js';

describe('password hashing', () => {
  it('uses argon2id with a per-hash salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse')).toBe(true);
    expect(await verifyPassword(a, 'correct horsE')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('answers false for the dummy verification', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
