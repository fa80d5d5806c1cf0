import { createHmac, timingSafeEqual } from 'node:crypto';
import { episodeDirOf } from '../storage/media-paths.js';

/**
 * Media tokens (docs/media.md#playback): one token per episode and expiry opens every file of that
 * episode's directory. It rides in the URL path (`/media/t/<token>/episodes/<slug>/<dir>/…`), so
 * the relative URIs of a stored playlist carry it to every variant, segment and subtitle, and a
 * cache can key on the path after it. The same rules run at the edge (deploy/nginx/edge-token.js);
 * keep the two in step.
 *
 * `<kid>.<exp>.<mac>`: the key's id, the expiry (unix seconds), and base64url (no padding) of
 * HMAC-SHA256(key, "media-t1\n<kid>\n<scope>\n<exp>") where scope is the episode directory
 * (`episodes/<slug>/<dir>`). No viewer is named in it: entitlement is decided when it is minted,
 * so a token in a log says which episode was watched until when, never by whom.
 */

/** Domain separation: a MAC made for media tokens means nothing anywhere else. */
const DOMAIN = 'media-t1';
/** Key ids: short, and free of the token's and MEDIA_TOKEN_KEYS's separators. */
const KID_RE = /^[a-z0-9]{1,16}$/;
/** A key's secret as written in MEDIA_TOKEN_KEYS (base64 or base64url text, used as its bytes). */
const SECRET_RE = /^[A-Za-z0-9+/=_-]{32,}$/;
/** Canonical expiry: unix seconds, no sign, no leading zeros. */
const EXP_RE = /^[1-9][0-9]{0,11}$/;
/** base64url (no padding) of a 32-byte digest. */
const MAC_RE = /^[A-Za-z0-9_-]{43}$/;
/** Longest lifetime a token may be minted for (7 days). */
const MAX_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface MediaTokenKey {
  kid: string;
  /** The HMAC key: the secret's text as UTF-8 bytes, as the edge uses it. */
  secret: string;
  /** When it starts signing (unix seconds; 0: from the start). Any listed key verifies at once. */
  from: number;
}

export type TokenCheck = 'ok' | 'missing' | 'expired' | 'invalid';

/**
 * MEDIA_TOKEN_KEYS: `kid:secret[:from]` separated by commas, `from` in unix seconds. Throws a
 * message naming what is wrong (the env check reports it).
 */
export function parseMediaTokenKeys(text: string): MediaTokenKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [kid = '', secret = '', from, ...rest] = entry.split(':');
      if (!KID_RE.test(kid)) throw new Error(`key id ${JSON.stringify(kid)} must be 1 to 16 of a-z and 0-9`);
      if (!SECRET_RE.test(secret)) throw new Error(`key ${kid}: the secret must be at least 32 base64 characters`);
      if (rest.length > 0 || (from !== undefined && !EXP_RE.test(from))) {
        throw new Error(`key ${kid}: expected kid:secret or kid:secret:from (unix seconds)`);
      }
      return { kid, secret, from: from === undefined ? 0 : Number(from) };
    });
  if (keys.length === 0) throw new Error('lists no key');
  const kids = new Set(keys.map((key) => key.kid));
  if (kids.size !== keys.length) throw new Error('names a key id twice');
  const froms = new Set(keys.map((key) => key.from));
  if (froms.size !== keys.length) throw new Error('two keys start signing at the same time: give each its own from');
  return keys;
}

export class MediaTokenSigner {
  readonly #keys: ReadonlyMap<string, MediaTokenKey>;
  readonly #clock: () => Date;

  constructor({ keys, clock }: { keys: readonly MediaTokenKey[]; clock?: () => Date }) {
    if (keys.length === 0) throw new RangeError('media tokens need at least one key');
    this.#keys = new Map(keys.map((key) => [key.kid, key]));
    this.#clock = clock ?? (() => new Date());
  }

  nowSeconds(): number {
    return Math.floor(this.#clock().getTime() / 1000);
  }

  /**
   * The key that signs now: of the keys whose `from` has come, the latest. A new key is listed
   * everywhere (edge and every process) with a `from` ahead, so all verify it before any signs with it.
   */
  signingKey(): MediaTokenKey {
    const now = this.nowSeconds();
    let newest: MediaTokenKey | undefined;
    for (const key of this.#keys.values()) {
      if (key.from <= now && (newest === undefined || key.from > newest.from)) newest = key;
    }
    if (newest === undefined) throw new RangeError('no media token key has started signing yet');
    return newest;
  }

  /** A token for every file of the episode directory `scope` until `exp` (unix seconds). */
  mint(scope: string, exp: number): string {
    if (episodeDirOf(`${scope}/x`) !== scope)
      throw new RangeError(`not an episode directory: ${JSON.stringify(scope)}`);
    const ttl = exp - this.nowSeconds();
    if (!Number.isInteger(exp) || ttl <= 0 || ttl > MAX_TTL_SECONDS) {
      throw new RangeError(`exp must be an integer unix time within ${MAX_TTL_SECONDS} s from now`);
    }
    const key = this.signingKey();
    return `${key.kid}.${exp}.${mac(key, scope, String(exp))}`;
  }

  /**
   * Whether `token` opens the canonical media path `path`. `missing` for no token; `invalid` for a
   * malformed one, an unknown key id, or a MAC that does not match this path's episode directory;
   * `expired` only for a genuine token whose time has passed (valid while now < exp).
   */
  check(token: string | undefined, path: string): TokenCheck {
    return this.checkScope(token, episodeDirOf(path));
  }

  /** Whether `token` opens the episode directory `scope` (null: not one), with the answers of check. */
  checkScope(token: string | undefined, scope: string | null): TokenCheck {
    if (token === undefined || token === '') return 'missing';
    const [kid = '', exp = '', given = '', ...rest] = token.split('.');
    const key = this.#keys.get(kid);
    if (rest.length > 0 || !key || scope === null || !EXP_RE.test(exp) || !MAC_RE.test(given)) return 'invalid';
    // The base64url text is compared, not decoded bytes: decoding ignores the last character's
    // spare bits, so several texts decode to one digest and a tampered token could pass.
    const expected = Buffer.from(mac(key, scope, exp), 'ascii');
    if (!timingSafeEqual(Buffer.from(given, 'ascii'), expected)) return 'invalid';
    return this.nowSeconds() >= Number(exp) ? 'expired' : 'ok';
  }
}

function mac(key: MediaTokenKey, scope: string, exp: string): string {
  return createHmac('sha256', key.secret).update(`${DOMAIN}\n${key.kid}\n${scope}\n${exp}`, 'utf8').digest('base64url');
}
