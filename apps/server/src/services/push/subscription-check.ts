import { createPublicKey } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';

/**
 * The browsers' push services (Chrome and other Chromium browsers, Firefox, Edge, Safari). An
 * endpoint elsewhere would make this server POST viewers' notifications to any URL a client
 * names, so anything else is refused.
 */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
];

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodeBase64url(value: string): Buffer | undefined {
  if (!BASE64URL.test(value)) return undefined;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

function invalid(message: string): AppError {
  return new AppError(Code.PUSH_SUBSCRIPTION_INVALID, message);
}

/** True when `raw` is an uncompressed point on P-256 (0x04 ‖ x ‖ y), the key RFC 8291 encrypts to. */
function isP256Point(raw: Buffer): boolean {
  if (raw.length !== 65 || raw[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

export interface WebSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The subscription as stored (keys in unpadded base64url), or an AppError: 91001 for an endpoint
 * that is not an https URL or keys that are not a P-256 public key and a 16-byte secret, 91002 for
 * an endpoint on no known push service. `extraOrigins` are stand-ins a test configured
 * (WEB_PUSH_EXTRA_ORIGINS).
 */
export function checkWebSubscription(
  input: WebSubscriptionInput,
  extraOrigins: readonly string[],
): { endpoint: string; p256dh: string; auth: string } {
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    throw invalid('The endpoint is not a URL');
  }
  if (url.protocol !== 'https:') throw invalid('The endpoint must be an https URL');
  const standIn = extraOrigins.includes(url.origin);
  if (url.username !== '' || url.password !== '') throw invalid('The endpoint must not carry credentials');
  if (!standIn && (url.port !== '' || !PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname)))) {
    throw new AppError(Code.PUSH_SERVICE_UNKNOWN, `${url.hostname} is not a known push service`);
  }
  const p256dh = decodeBase64url(input.keys.p256dh);
  if (!p256dh || !isP256Point(p256dh)) throw invalid('keys.p256dh is not a P-256 public key (65 bytes, base64url)');
  const auth = decodeBase64url(input.keys.auth);
  if (auth?.length !== 16) throw invalid('keys.auth is not a 16-byte secret (base64url)');
  return { endpoint: url.href, p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}
