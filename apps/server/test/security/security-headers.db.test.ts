import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({
    env: { TRUST_PROXY: 'true', PUBLIC_BASE_URL: 'https://cliffhanger.example', MEDIA_BASE_URL: 'https://cdn.example/m' },
  });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

describe('security headers', () => {
  it.each([['/api/v1/app/config'], ['/'], ['/pages/user/wallet'], ['/api/v1/nope'], ['/healthz']])(
    '%s carries CSP with frame-ancestors none, nosniff, DENY and no-referrer',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // Plain http: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('adds HSTS when the request came over HTTPS (through a trusted proxy) and allows the media CDN', async () => {
    const res = await proxied.app.inject({ method: 'GET', url: '/api/v1/app/config', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/cdn\.example/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example/);
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('media may be embedded from another site (a CDN in front); the API may not', async () => {
    const media = await t.app.inject({ method: 'GET', url: '/media/avatars/none.webp' });
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
