import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dramaScope, scopeKey } from '../../src/media/purge/purge-scope.js';
import { MediaTokenSigner, type MediaTokenKey } from '../../src/media/signing/media-token.js';
import { repoRoot } from '../../src/paths.js';
import { cdnFile, loadCloudflareWorker, loadCloudFrontFunction, viewerRequest } from './cdn-runtimes.js';

/**
 * deploy/cdn's CloudFront Function and Cloudflare Worker, run as deployed in shims of their
 * runtimes, against tokens minted by the server's own signer: a valid token passes with the cache
 * key being the media path alone; everything else is refused with `no-store`. The Fastly VCL
 * cannot run here: its expression is checked to be the same as the others'.
 */

const K1: MediaTokenKey = { kid: 'k1', secret: 'first-key-0123456789abcdefghijklmnopqrstuv', from: 0 };
const K2: MediaTokenKey = { kid: 'k2', secret: 'second-key-0123456789abcdefghijklmnopqrstu', from: 0 };
const signer = new MediaTokenSigner({ keys: [K1] });
const HOUR = 3600;

const SCOPE = 'episodes/the-heiress/3-a1b2c3d4';
const OTHER_SCOPE = 'episodes/the-heiress/4-e5f6a7b8';
const FILE = 'v720/seg-00001.ts';
const MEDIA_PATH = `${SCOPE}/${FILE}`;

const nowS = () => Math.floor(Date.now() / 1000);
const validToken = (scope = SCOPE) => signer.mint(scope, nowS() + HOUR);
const tokened = (token: string, path = MEDIA_PATH) => `/media/t/${token}/${path}`;

/** A token for this scope whose MAC was computed with `secret` (a forger's guess at a key). */
function tokenWith(kid: string, secret: string, scope: string, exp: number): string {
  const mac = createHmac('sha256', secret).update(`media-t1\n${kid}\n${scope}\n${exp}`).digest('base64url');
  return `${kid}.${exp}.${mac}`;
}

/** The same token with one character of its MAC changed. */
function forged(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

/** A token the server minted in the past, expired by now. */
function expiredToken(): string {
  const past = new MediaTokenSigner({ keys: [K1], clock: () => new Date(Date.now() - 2 * HOUR * 1000) });
  return past.mint(SCOPE, past.nowSeconds() + HOUR);
}

/** A token signed with a key the edge does not hold. */
function unknownKidToken(): string {
  return new MediaTokenSigner({ keys: [K2] }).mint(SCOPE, nowS() + HOUR);
}

/** Object's constructor as a "secret": what a store that is a plain object would find for kid `constructor`. */
const constructorToken = () => tokenWith('constructor', String(Object), SCOPE, nowS() + HOUR);

describe('the CloudFront Function (deploy/cdn/cloudfront-function.js)', () => {
  const handler = loadCloudFrontFunction({ k1: K1.secret });

  async function refused(uri: string, status: number, query: Record<string, string> = {}) {
    const result = await handler(viewerRequest(uri, query));
    expect(result).toEqual({
      statusCode: status,
      statusDescription: status === 404 ? 'Not Found' : 'Forbidden',
      headers: { 'cache-control': { value: 'no-store' } },
    });
  }

  it('passes a token the server minted and rewrites the URI to the media path alone', async () => {
    expect(signer.check(validToken(), MEDIA_PATH)).toBe('ok');
    const result = await handler(viewerRequest(tokened(validToken())));
    expect(result).toMatchObject({ method: 'GET', uri: `/${MEDIA_PATH}`, querystring: {} });
    const top = await handler(viewerRequest(tokened(validToken(), `${SCOPE}/master.m3u8`)));
    expect(top).toMatchObject({ uri: `/${SCOPE}/master.m3u8` });
  });

  it('gives every viewer token of one file the same URI (the cache key)', async () => {
    const other = new MediaTokenSigner({ keys: [K1] }).mint(SCOPE, nowS() + 2 * HOUR);
    const [a, b] = await Promise.all([
      handler(viewerRequest(tokened(validToken()))),
      handler(viewerRequest(tokened(other))),
    ]);
    expect(a).toMatchObject({ uri: `/${MEDIA_PATH}` });
    expect(b).toMatchObject({ uri: `/${MEDIA_PATH}` });
  });

  it('refuses a forged MAC, another episode’s token, an expired token and an unknown key id (403)', async () => {
    await refused(tokened(forged(validToken())), 403);
    await refused(tokened(validToken(OTHER_SCOPE)), 403);
    await refused(tokened(expiredToken()), 403);
    await refused(tokened(unknownKidToken()), 403);
    await refused(tokened(constructorToken()), 403);
  });

  it('refuses a query string and every non-canonical path (404)', async () => {
    await refused(tokened(validToken()), 404, { v: '1' });
    await refused(tokened(validToken(), `${OTHER_SCOPE}/../3-a1b2c3d4/${FILE}`), 404);
    await refused(tokened(validToken(), `${SCOPE}//${FILE}`), 404);
    await refused(tokened(validToken(), `${SCOPE}/v720/seg-0000%31.ts`), 404);
    await refused(tokened(validToken(), `${SCOPE}/v720/./seg-00001.ts`), 404);
    await refused(`/media/${MEDIA_PATH}`, 404);
    await refused(`/media/t/${validToken()}/posters/the-heiress.jpg`, 404);
  });
});

describe('the Cloudflare Worker (deploy/cdn/cloudflare-worker.js)', () => {
  const HOST = 'media.example.com';
  const env = { MEDIA_TOKEN_KEYS_JSON: JSON.stringify({ k1: K1.secret }) };
  const request = (path: string) => new Request(`https://${HOST}${path}`);

  async function refused(path: string, status: number) {
    const worker = loadCloudflareWorker();
    const response = await worker.fetch(request(path), env);
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(worker.fetched).toEqual([]);
  }

  it('passes a token the server minted to the origin, cached under the media path alone', async () => {
    const worker = loadCloudflareWorker();
    const token = validToken();
    const response = await worker.fetch(request(tokened(token)), env);
    expect(response.status).toBe(200);
    expect(worker.fetched).toHaveLength(1);
    const [{ request: sent, init }] = worker.fetched as [(typeof worker.fetched)[number]];
    // The origin gets the tokened URL (it checks the token again).
    expect(sent.url).toBe(`https://${HOST}${tokened(token)}`);
    expect(init).toEqual({
      cf: {
        cacheKey: `https://${HOST}/media/${MEDIA_PATH}`,
        cacheEverything: true,
        cacheTtlByStatus: { '200-299': 31536000, '300-599': 0 },
      },
    });
  });

  it('refuses a forged MAC, another episode’s token, an expired token and an unknown key id (403)', async () => {
    await refused(tokened(forged(validToken())), 403);
    await refused(tokened(validToken(OTHER_SCOPE)), 403);
    await refused(tokened(expiredToken()), 403);
    await refused(tokened(unknownKidToken()), 403);
    // A keys object's inherited `constructor` is no key.
    await refused(tokened(constructorToken()), 403);
  });

  it('refuses a query string, `//` and percent-encoding (404)', async () => {
    await refused(`${tokened(validToken())}?v=1`, 404);
    await refused(tokened(validToken(), `${SCOPE}//${FILE}`), 404);
    await refused(tokened(validToken(), `${SCOPE}/v720/seg-0000%31.ts`), 404);
    await refused(`/media/${MEDIA_PATH}`, 404);
  });

  it('checks the path a `..` resolves to: it opens nothing the token does not', async () => {
    // The URL arrives parsed, `..` (and `%2e%2e`) resolved: a token for one episode walked into another is refused.
    await refused(tokened(validToken(), `${SCOPE}/../4-e5f6a7b8/${FILE}`), 403);
    await refused(tokened(validToken(), `${SCOPE}/%2e%2e/4-e5f6a7b8/${FILE}`), 403);
    // …and one that resolves inside its own episode is the canonical request, cached under its key.
    const worker = loadCloudflareWorker();
    const response = await worker.fetch(request(tokened(validToken(), `${SCOPE}/v1080/../${FILE}`)), env);
    expect(response.status).toBe(200);
    expect(worker.fetched[0]?.init?.cf?.cacheKey).toBe(`https://${HOST}/media/${MEDIA_PATH}`);
  });
});

describe('one expression everywhere', () => {
  /** The `TOKENED` regular expression of a JavaScript file, as a pattern without JS's `\/` escapes. */
  function jsPattern(source: string): string {
    const match = /const TOKENED =\s*\/(.+)\/;/.exec(source);
    if (!match?.[1]) throw new Error('no TOKENED expression');
    return match[1].replace(/\\\//g, '/');
  }

  const vcl = cdnFile('fastly.vcl');
  const vclPattern = /if \(req\.url !~ "([^"]+)"\)/.exec(vcl)?.[1];

  it('is the same in the CloudFront Function, the Worker, the Fastly VCL and the nginx edge', () => {
    const cloudfront = jsPattern(cdnFile('cloudfront-function.js'));
    expect(jsPattern(cdnFile('cloudflare-worker.js'))).toBe(cloudfront);
    expect(vclPattern).toBe(cloudfront);
    expect(jsPattern(readFileSync(join(repoRoot, 'deploy', 'nginx', 'edge-token.js'), 'utf8'))).toBe(cloudfront);
  });

  it('the VCL signs the same message and tags each answer with the keys a purge names', () => {
    expect(vcl).toContain('"media-t1%0A" req.http.X-Media-Kid "%0A" req.http.X-Media-Scope "%0A" req.http.X-Media-Exp');
    const surrogate = /set beresp\.http\.Surrogate-Key = regsub\(req\.http\.X-Media-Scope, "([^"]+)", "([^"]+)"\);/.exec(
      vcl,
    );
    expect(surrogate).not.toBeNull();
    const [, pattern, replacement] = surrogate as unknown as [string, string, string];
    const keys = SCOPE.replace(new RegExp(pattern), replacement.replace(/\\(\d)/g, '$$$1'));
    expect(keys.split(' ')).toEqual(['the-heiress.3-a1b2c3d4', 'the-heiress']);
    expect(keys.split(' ')).toEqual([scopeKey(SCOPE), scopeKey(dramaScope('the-heiress'))]);
  });
});
