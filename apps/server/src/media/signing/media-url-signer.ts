import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring HMAC signatures for media URLs (docs/media.md#playback): locked media is not fetchable without a
 * signature issued by the API. A signature covers one normalised media path and one expiry;
 * it never verifies for another path, another expiry, or under another secret.
 */

/** Domain-separation prefix: a MAC made for media URLs is useless anywhere else (and v.v.). */
const DOMAIN = 'media-v1\n';

/** Secrets shorter than this are refused (HMAC-SHA256 key of at least 256 bits). */
const MIN_SECRET_BYTES = 32;

/** Longest media path accepted, in characters. */
const MAX_PATH_CHARS = 1024;

/** A path segment: conservative file-name characters only (the transcoder emits nothing else). */
const SEGMENT_RE = /^[A-Za-z0-9._~-]+$/;

/** Canonical expiry: unix seconds, no sign, no leading zeros, at most 12 digits. */
const EXP_RE = /^[1-9][0-9]{0,11}$/;

/** base64url (no padding) of a 32-byte HMAC-SHA256 digest. */
const SIG_RE = /^[A-Za-z0-9_-]{43}$/;

/** Longest TTL a signature may be issued for (7 days). */
const MAX_TTL_SECONDS = 7 * 24 * 60 * 60;

/** A media path that is not a safe, canonical relative path under the media root. */
export class MediaPathError extends Error {
  override readonly name = 'MediaPathError';
}

/**
 * The canonical form of a relative media path (e.g. `episodes/42/hd/seg_003.ts`), or null when
 * the path is unsafe or malformed.
 *
 * The path is percent-decoded exactly once, then must be non-empty, relative (no leading `/`),
 * free of backslashes, NUL and other control characters, with no empty (`a//b`), `.` or `..`
 * segments, and every segment limited to `[A-Za-z0-9._~-]`. Since `%` is not allowed after the
 * decode, double-encoded traversal (`%252e%252e`) is refused too, and a canonical path is a
 * fixed point: normaliseMediaPath(normaliseMediaPath(p)) === normaliseMediaPath(p).
 */
export function normaliseMediaPath(path: string): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_CHARS * 3) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null; // malformed percent-encoding
  }
  if (decoded.length === 0 || decoded.length > MAX_PATH_CHARS) return null;
  const segments = decoded.split('/');
  for (const segment of segments) {
    // Empty (leading `/`, `a//b`, trailing `/`), `.`/`..`, or any character outside the allowlist
    // (backslash, NUL, control characters, `%`, `?`, `#`, `:`, spaces, non-ASCII …).
    if (segment === '' || segment === '.' || segment === '..' || !SEGMENT_RE.test(segment)) return null;
  }
  return decoded;
}

export type VerifyResult = 'ok' | 'missing' | 'expired' | 'invalid';

export interface MediaUrlSignerOptions {
  /** The HMAC key: at least 32 bytes. */
  secret: string | Buffer;
  /** Current time (injectable for tests). */
  clock?: () => Date;
}

export class MediaUrlSigner {
  readonly #key: Buffer;
  readonly #clock: () => Date;

  constructor({ secret, clock }: MediaUrlSignerOptions) {
    const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
    if (key.length < MIN_SECRET_BYTES) {
      throw new RangeError(`media signing secret must be at least ${MIN_SECRET_BYTES} bytes`);
    }
    this.#key = key;
    this.#clock = clock ?? (() => new Date());
  }

  /**
   * `exp=…&sig=…` for appending to the media URL (both values are URL-safe as they stand): the
   * path signed until a given expiry (unix seconds), so several URLs handed out together (a
   * playlist's segments, a play answer's playlist, subtitles and download) expire at the same
   * second. The expiry must lie in the future and at most MAX_TTL_SECONDS away.
   */
  signedQueryUntil(path: string, exp: number): string {
    const canonical = normaliseMediaPath(path);
    if (canonical === null) throw new MediaPathError(`unsafe media path: ${JSON.stringify(path)}`);
    const ttl = exp - this.nowSeconds();
    if (!Number.isInteger(exp) || ttl <= 0 || ttl > MAX_TTL_SECONDS) {
      throw new RangeError(`exp must be an integer unix time within ${MAX_TTL_SECONDS} s from now`);
    }
    return `exp=${exp}&sig=${this.#mac(canonical, String(exp)).toString('base64url')}`;
  }

  /** Current time in unix seconds by the signer's clock. */
  nowSeconds(): number {
    return Math.floor(this.#clock().getTime() / 1000);
  }

  /**
   * Checks a signature for a media path. `missing` when a parameter is absent or empty;
   * `invalid` for an unsafe path, a malformed parameter or a signature that does not match;
   * `expired` only for a genuine signature whose expiry has passed (valid while now < exp).
   */
  verify(path: string, exp: string | undefined, sig: string | undefined): VerifyResult {
    if (exp === undefined || exp === '' || sig === undefined || sig === '') return 'missing';
    const canonical = normaliseMediaPath(path);
    if (canonical === null || !EXP_RE.test(exp) || !SIG_RE.test(sig)) return 'invalid';
    // Compare the base64url text, not decoded bytes: decoding ignores the final character's spare
    // bits, so several strings decode to the same digest and a tampered signature could pass.
    const expected = Buffer.from(this.#mac(canonical, exp).toString('base64url'), 'ascii');
    const given = Buffer.from(sig, 'ascii');
    // timingSafeEqual needs equal lengths; SIG_RE already guarantees 43 characters.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return this.nowSeconds() >= Number(exp) ? 'expired' : 'ok';
  }

  #mac(canonicalPath: string, exp: string): Buffer {
    return createHmac('sha256', this.#key).update(`${DOMAIN}${canonicalPath}\n${exp}`, 'utf8').digest();
  }
}
