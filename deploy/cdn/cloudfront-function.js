// CloudFront Function, viewer request, runtime cloudfront-js-2.0, on the behaviour /media/t/*, with
// a KeyValueStore associated (kid -> secret, the pairs of MEDIA_TOKEN_KEYS). It checks the media
// token as apps/server/src/media/signing/media-token.ts does and rewrites the URI to the media path,
// so the cache key and the bucket key are `/episodes/<slug>/<dir>/<file>` (docs/cdn.md#cloudfront).
import cf from 'cloudfront';
import crypto from 'crypto';

const kvs = cf.kvs();

// The raw URI, as the origin would check it: the token, the episode directory (what the token
// opens) and the file, every segment of the characters the store writes. Anything else
// (percent-encoding, `..`, `//`) is refused, never normalised.
const TOKENED =
  /^\/media\/t\/([a-z0-9]{1,16})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})\/(episodes\/[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*)\/((?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]+)$/;

function refuse(status) {
  return {
    statusCode: status,
    statusDescription: status === 404 ? 'Not Found' : 'Forbidden',
    headers: { 'cache-control': { value: 'no-store' } },
  };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the runtime calls `handler` by name
async function handler(event) {
  const request = event.request;
  const m = TOKENED.exec(request.uri);
  // No query: the cache key has none, and the bucket would ignore it.
  if (!m || Object.keys(request.querystring).length > 0) return refuse(404);
  let key;
  try {
    key = await kvs.get(m[1]);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- no optional catch binding in this runtime
  } catch (e) {
    return refuse(403); // no such key id in the store
  }
  const mac = crypto
    .createHmac('sha256', key)
    .update('media-t1\n' + m[1] + '\n' + m[4] + '\n' + m[2])
    .digest('base64url');
  // Constant time: a comparison that stops at the first difference tells how much of a forged MAC was right.
  let diff = mac.length ^ m[3].length;
  for (let i = 0; i < mac.length; i++) diff |= mac.charCodeAt(i) ^ m[3].charCodeAt(i);
  if (diff !== 0 || Number(m[2]) <= Math.floor(Date.now() / 1000)) return refuse(403);
  request.uri = '/' + m[4] + '/' + m[5]; // the cache key and the bucket key: the media path alone
  return request;
}
