import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer } from '../../src/http/console-listener.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const INDEX_HTML =
  '<!doctype html><html><head><meta name="robots" content="noindex" /><title>Cliffhanger console</title>' +
  '<script type="module" crossorigin src="/console/assets/index-4d5e6f.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const ASSET_JS = 'console.log("console");';

/** A console build as `vite build` leaves it in apps/console/dist. */
function consoleDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'cliffhanger-console-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-4d5e6f.js'), ASSET_JS);
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  return dist;
}

const CONSOLE_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

function expectConsoleHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CONSOLE_CSP);
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('the console served under /console/ (built)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = consoleDist();
    t = await createTestApp({ env: { CONSOLE_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/console/', '/console/sign-in', '/console/enrol?token=abc', '/console/dramas/7?tab=episodes'])(
    'answers %s with index.html, not cached, under the strict CSP and noindex',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expectConsoleHeaders(res.headers);
    },
  );

  it('sends /console on to /console/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/console/');
  });

  it('serves hashed assets cached for good, and a missing one as a 404 envelope', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/console/assets/index-4d5e6f.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET_JS);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectConsoleHeaders(asset.headers);

    const missing = await t.app.inject({ method: 'GET', url: '/console/assets/index-000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: Code.NOT_FOUND });
  });

  it('never serves dotfiles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/.env' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SECRET');
  });

  it('answers an unknown console API path with the 404 envelope, never the page', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/console/api/v1/x',
        headers: { accept: 'text/html', 'x-console-request': '1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: Code.NOT_FOUND, message: expect.any(String), data: null });
      expectConsoleHeaders(res.headers);
    }
  });

  it('keeps the console API working beside the pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/api/v1/me' });
    expect(res.json()).toMatchObject({ code: Code.NOT_SIGNED_IN });
    expectConsoleHeaders(res.headers);
  });

  it('answers a write to a page path with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'x-console-request': '1' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.NOT_FOUND });
  });

  it("leaves the viewers' answers their own CSP, without noindex", async () => {
    for (const url of ['/', '/pages/user/wallet', '/api/v1/app/config', '/consoles', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("media-src 'self' blob:");
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });
});

describe('the console with media on a CDN', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = consoleDist();
    t = await createTestApp({ env: { CONSOLE_DIST_DIR: dist, MEDIA_BASE_URL: 'https://cdn.example.com/media' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('lets its pages show posters and banners from the CDN, and reach nothing else there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self';");
  });
});

describe('the console not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers its pages 503 with what to do, and its API as usual', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/console/sign-in', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.json()).toMatchObject({ code: Code.INTERNAL_ERROR, message: expect.stringContaining('npm run build') });
    expectConsoleHeaders(page.headers);

    const api = await t.app.inject({ method: 'GET', url: '/console/api/v1/me' });
    expect(api.json()).toMatchObject({ code: Code.NOT_SIGNED_IN });
  });
});

describe('CONSOLE_PORT: the console on a listener of its own', () => {
  let t: TestApp;
  let dist: string;
  let consoleServer: Server;
  let main = '';
  let operators = '';

  beforeAll(async () => {
    dist = consoleDist();
    t = await createTestApp({ env: { CONSOLE_DIST_DIR: dist, CONSOLE_PORT: '0' } });
    main = await t.app.listen({ port: 0, host: '127.0.0.1' });
    consoleServer = createConsoleServer(t.app, t.config);
    await new Promise<void>((resolve) => consoleServer.listen(0, '127.0.0.1', resolve));
    operators = `http://127.0.0.1:${(consoleServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    consoleServer?.closeAllConnections();
    await new Promise((resolve) => consoleServer?.close(resolve));
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the console and its API there, and nothing else', async () => {
    const page = await fetch(`${operators}/console/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Cliffhanger console');
    expectConsoleHeaders(Object.fromEntries(page.headers));

    const api = await fetch(`${operators}/console/api/v1/me`);
    expect(await api.json()).toMatchObject({ code: Code.NOT_SIGNED_IN });

    for (const path of ['/healthz', '/api/v1/app/config', '/', '/pages/user/wallet']) {
      const res = await fetch(`${operators}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ code: Code.NOT_FOUND });
    }
  });

  it('answers 404 under /console on the main listener, and serves the rest there as before', async () => {
    for (const path of ['/console/', '/console/sign-in', '/console/api/v1/me', '/console/assets/index-4d5e6f.js']) {
      const res = await fetch(`${main}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ code: Code.NOT_FOUND });
    }
    const health = await fetch(`${main}/healthz`);
    expect(health.status).toBe(200);
  });
});
