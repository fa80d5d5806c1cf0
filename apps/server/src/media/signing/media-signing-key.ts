import { createHmac } from 'node:crypto';

/** Label of the derivation: a key for media URLs is never the key of SMS code hashes. */
const LABEL = 'media-signing-v1';

/**
 * The media URL signing key, derived from the app's auth secret (HMAC-SHA256 of the label), so
 * there is no extra secret to configure and rotating AUTH_SECRET also rotates media signatures.
 */
export function deriveMediaSigningKey(authSecret: Buffer): Buffer {
  return createHmac('sha256', authSecret).update(LABEL, 'utf8').digest();
}
