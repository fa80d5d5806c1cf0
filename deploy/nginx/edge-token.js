// Media tokens checked at the edge (njs 0.7, Debian's libnginx-mod-http-js), before any origin is
// asked: the same rules as apps/server/src/media/signing/media-token.ts, kept in step with it
// (docs/edge.md). A URL is /media/t/<kid>.<exp>.<mac>/episodes/<slug>/<dir>/<file>; the MAC is
// base64url(HMAC-SHA256(key, "media-t1\n<kid>\n<episodes/slug/dir>\n<exp>")).
import crypto from 'crypto';

// The raw request path, checked as the origin would check it: the token, the episode directory
// (what the token opens) and the file, every segment of the characters the store writes. Anything
// else (percent-encoding, `..`, `//`, a query) never reaches the cache or the origin.
const TOKENED =
  /^\/media\/t\/([a-z0-9]{1,16})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})\/(episodes\/[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*)\/((?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]+)$/;

function parseKeys(text) {
  const keys = {};
  (text || '').split(',').forEach((entry) => {
    const parts = entry.trim().split(':');
    if (parts.length >= 2) keys[parts[0]] = parts[1];
  });
  return keys;
}

// Constant time: a comparison that stops at the first difference tells an attacker how much of a
// forged MAC was right.
function sameText(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function parse(r) {
  const raw = r.variables.request_uri;
  // No query: the cache key has none, and the origin would ignore it.
  return raw.indexOf('?') >= 0 ? null : TOKENED.exec(raw);
}

/**
 * `ok`, or why not: `path` (not a canonical tokened episode URL), `key` (no such key id here),
 * `mac` (forged, or made for another episode or expiry), `expired`.
 */
function check(r) {
  const m = parse(r);
  if (m === null) return 'path';
  const kid = m[1];
  const exp = m[2];
  const keys = parseKeys(r.variables.media_token_keys);
  // Own keys only: `constructor` is a valid key id, and an object's inherited one is no secret.
  if (!Object.prototype.hasOwnProperty.call(keys, kid)) return 'key';
  const key = keys[kid];
  const expected = crypto
    .createHmac('sha256', key)
    .update('media-t1\n' + kid + '\n' + m[4] + '\n' + exp)
    .digest('base64url');
  if (!sameText(m[3], expected)) return 'mac';
  return Math.floor(Date.now() / 1000) >= Number(exp) ? 'expired' : 'ok';
}

/** Seconds the token has left: how long the viewer's browser may keep what it opened. */
function maxAge(r) {
  const m = parse(r);
  if (m === null) return '0';
  return String(Math.max(0, Number(m[2]) - Math.floor(Date.now() / 1000)));
}

export default { check, maxAge };
