// Cloudflare Worker on the media route (media.example.com/media/t/*): checks the media token as
// apps/server/src/media/signing/media-token.ts does, with WebCrypto, and keys the cache on the
// media path (docs/cdn.md#cloudflare). Secret MEDIA_TOKEN_KEYS_JSON: {"k1":"<secret>",…}.

// Cloudflare hands the Worker the URL already parsed, so `..` arrives resolved: what is checked
// below is the path that is cached and fetched. Anything else non-canonical (percent-encoding,
// `//`, characters the store never writes) is refused.
const TOKENED =
  /^\/media\/t\/([a-z0-9]{1,16})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})\/(episodes\/[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*)\/((?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]+)$/;

const noStore = (status) => new Response(null, { status, headers: { 'cache-control': 'no-store' } });
const text = (s) => new TextEncoder().encode(s);

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const m = TOKENED.exec(url.pathname);
    if (!m || url.search !== '') return noStore(404);
    const keys = JSON.parse(env.MEDIA_TOKEN_KEYS_JSON);
    // Own keys only: a kid such as `constructor` must not find Object's function (a known "secret").
    const secret = Object.prototype.hasOwnProperty.call(keys, m[1]) ? keys[m[1]] : undefined;
    if (typeof secret !== 'string' || Number(m[2]) <= Date.now() / 1000) return noStore(403);
    const key = await crypto.subtle.importKey('raw', text(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key, text(`media-t1\n${m[1]}\n${m[4]}\n${m[2]}`)));
    const mac = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    // The text, compared in constant time (timingSafeEqual is a Workers extension of WebCrypto;
    // both sides are 43 characters, as it requires equal lengths).
    if (!crypto.subtle.timingSafeEqual(text(mac), text(m[3]))) return noStore(403);
    const cacheKey = `https://${url.host}/media/${m[4]}/${m[5]}`;
    // The origin (the API) gets the tokened URL and checks it again; the cache keys on the path.
    return fetch(request, {
      cf: { cacheKey, cacheEverything: true, cacheTtlByStatus: { '200-299': 31536000, '300-599': 0 } },
    });
  },
};
