import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>Cliffhanger</title></head><body><div id="root"></div></body></html>';
const ASSET_JS = 'console.log("app");';
const SERVICE_WORKER_JS = 'self.addEventListener("fetch", () => {});';
const BIG_JS = `export const words = ${JSON.stringify('cliffhanger '.repeat(400))};`;
/** The chunks of the pages the server draws, and the map naming them (web-bootstrap.db.test.ts). */
const MANIFEST = {
  'index.html': { file: 'assets/index-3f9a2c.js', isEntry: true },
  'src/home.tsx': { file: 'assets/home-1a.js', isDynamicEntry: true },
  'src/video.tsx': { file: 'assets/video-2b.js', isDynamicEntry: true },
  'src/video-loader.ts': { file: 'assets/video-loader-3c.js', isDynamicEntry: true },
};
const PAGE_MAP = { home: 'assets/home-1a.js', video: 'assets/video-2b.js', videoLoader: 'assets/video-loader-3c.js' };

describe('web app serving (dist built)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cliffhanger-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(dist, '.vite', 'pages.json'), JSON.stringify(PAGE_MAP));
    writeFileSync(join(dist, 'assets', 'index-3f9a2c.js'), ASSET_JS);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Cliffhanger"}');
    writeFileSync(join(dist, 'sw.js'), SERVICE_WORKER_JS);
    writeFileSync(join(dist, '.env'), 'SECRET=1');
    // What the build's precompress step leaves beside a large file.
    writeFileSync(join(dist, 'assets', 'big-9c1d7e.js'), BIG_JS);
    writeFileSync(join(dist, 'assets', 'big-9c1d7e.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(dist, 'assets', 'big-9c1d7e.js.gz'), gzipSync(BIG_JS));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves index.html at / without caching, with home's first screen in it (web-bootstrap.db.test.ts)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toMatch(/^<!doctype html><html><head><title>Cliffhanger<\/title>/);
    expect(res.body).toContain('<script type="application/json" id="bootstrap">');
    // Home's top, drawn from the HTML until the web's first render replaces it.
    expect(res.body).toMatch(/<div id="root">.*data-boot-stage/);
  });

  it.each(['/pages/user/wallet?x=1', '/pages/user/Language', '/pages/payment/stripePaymentSuccess?session_id=cs_1'])(
    'answers the history-mode route %s with index.html',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets with a long, immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a2c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(ASSET_JS);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('serves a hashed asset precompressed as %s, still immutable', async (coding, decode) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/big-9c1d7e.js',
      headers: { 'accept-encoding': coding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it('serves other files without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker at the root, never cached, with the whole site as its scope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toBe(SERVICE_WORKER_JS);
    // Other files keep to their own folder's scope.
    const other = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a2c.js' });
    expect(other.headers['service-worker-allowed']).toBeUndefined();
  });

  it('answers a missing asset with 404, never index.html', async () => {
    for (const url of ['/assets/missing-123.js', '/favicon.ico']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: Code.NOT_FOUND, message: 'Not found', data: null });
    }
  });

  it('never serves dotfiles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.env' });
    expect(res.body).not.toContain('SECRET');
    // Nor the build's own records of its chunks.
    for (const url of ['/.vite/manifest.json', '/.vite/pages.json']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain('assets/');
    }
  });

  it('never answers unknown API, media or probe paths with index.html', async () => {
    for (const url of ['/api/v1/nope', '/api', '/api/v2/x', '/media/x/y', '/healthz/deep', '/readyz/x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ code: Code.NOT_FOUND, message: 'Not found', data: null });
    }
  });

  it('answers non-GET requests to unknown pages with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/pages/user/wallet' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(Code.NOT_FOUND);
  });

  it('answers a client that does not accept HTML with a 404 envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pages/user/wallet',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(Code.NOT_FOUND);
  });

  it('still routes the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe('1.2.11');
  });
});

describe('web app serving (dist not built)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: join(tmpdir(), 'cliffhanger-no-such-dist') } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('boots and answers pages with a 503 envelope saying the web app is not built', async () => {
    for (const url of ['/', '/pages/user/wallet']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({
        code: Code.INTERNAL_ERROR,
        message: expect.stringMatching(/not built/),
        data: null,
      });
    }
  });

  it('keeps the API and its 404s working', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/app/config' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(Code.NOT_FOUND);
  });
});
