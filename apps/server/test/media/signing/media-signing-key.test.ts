import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveMediaSigningKey } from '../../../src/media/signing/media-signing-key.js';

describe('deriveMediaSigningKey', () => {
  const secret = Buffer.from('an-auth-secret-of-at-least-32-bytes!!', 'utf8');
  it('is HMAC-SHA256 of the label under the auth secret: 32 bytes, stable, not the secret', () => {
    const key = deriveMediaSigningKey(secret);
    expect(key).toHaveLength(32);
    expect(key.equals(deriveMediaSigningKey(Buffer.from(secret)))).toBe(true);
    expect(key.equals(createHmac('sha256', secret).update('media-signing-v1').digest())).toBe(true);
    expect(key.equals(secret)).toBe(false);
  });
  it('changes with the secret', () => {
    expect(
      deriveMediaSigningKey(secret).equals(deriveMediaSigningKey(Buffer.from('another-secret-of-32-bytes-or-more!!'))),
    ).toBe(false);
  });
});
