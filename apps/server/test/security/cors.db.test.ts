import { Code, type DramaDetail, type Playback } from '@cliffhanger/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The iOS shell serves the web build from capacitor://localhost and calls this server at its
 * public origin: API answers and media must be readable from that origin (CORS), from no other,
 * and media must be loadable by <img>/<video> across origins (Cross-Origin-Resource-Policy).
 */
const APP_ORIGIN = 'capacitor://localhost';
const OTHER_ORIGIN = 'https://evil.example';
const PUBLIC_ORIGIN = 'https://api.cliffhanger.test';

let t: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  // What apps/mobile/README.md tells the operator to set for the app: media at an absolute URL.
  t = await createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC_ORIGIN, MEDIA_BASE_URL: `${PUBLIC_ORIGIN}/media` } });
  seeded = await seedDrama(t.app, { episodes: 2, freeEpisodes: 2 });
});
afterAll(async () => {
  await t?.close();
});

function preflight(app: TestApp, url: string, origin: string, method = 'POST') {
  return app.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,accept-language',
    },
  });
}

const get = (url: string, origin?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(origin ? { origin } : {}) } });

/** The path of an absolute media URL, as this server is asked for it. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC_ORIGIN}/media/`)).toBe(true);
  return url.slice(PUBLIC_ORIGIN.length);
};

function expectNoCors(res: LightMyRequestResponse): void {
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
  expect(res.headers['access-control-allow-methods']).toBeUndefined();
  expect(res.headers['access-control-allow-headers']).toBeUndefined();
}

describe('CORS preflight', () => {
  it.each(['/api/v1/auth/sms/send', '/api/v1/user', '/api/v1/favorites/1'])(
    'allows the app origin on %s: its methods, Authorization, no credentials, no wildcard',
    async (url) => {
      const res = await preflight(t, url, APP_ORIGIN, 'PUT');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type', 'accept-language']));
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
    },
  );

  it('refuses another origin: no CORS header at all', async () => {
    const res = await preflight(t, '/api/v1/auth/sms/send', OTHER_ORIGIN);
    expect(res.statusCode).toBe(404);
    expectNoCors(res);
    // Look-alikes of the allowed origin are other origins.
    for (const origin of ['capacitor://localhost.evil.example', 'http://localhost', 'capacitor://localhost:8080']) {
      expectNoCors(await preflight(t, '/api/v1/user', origin));
    }
  });

  it('follows CORS_ORIGINS instead of the default', async () => {
    const other = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example.com' } });
    try {
      const allowed = await preflight(other, '/api/v1/user', 'https://app.example.com');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expectNoCors(await preflight(other, '/api/v1/user', APP_ORIGIN));
    } finally {
      await other.close();
    }
  });
});

describe('CORS on answers', () => {
  it('lets the app read API answers, rejections included, and the request id', async () => {
    const config = await get('/api/v1/app/config', APP_ORIGIN);
    expect(config.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(String(config.headers['access-control-expose-headers']).toLowerCase()).toContain('x-request-id');
    // A Code.NOT_SIGNED_IN the app must act on (clear the login state) is readable too.
    const rejected = await get('/api/v1/user', APP_ORIGIN);
    expect(envelope(rejected).code).toBe(Code.NOT_SIGNED_IN);
    expect(rejected.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('gives another origin nothing to read', async () => {
    expectNoCors(await get('/api/v1/app/config', OTHER_ORIGIN));
    expectNoCors(await get('/api/v1/app/config'));
  });

  it('keeps cached public answers apart by Origin in shared caches', async () => {
    const home = await get('/api/v1/home', APP_ORIGIN);
    expect(home.statusCode).toBe(200);
    expect(home.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(String(home.headers.vary)).toMatch(/\bOrigin\b/);
  });
});

describe('media from the app', () => {
  it('answers absolute media URLs, loadable and readable from the app origin', async () => {
    const drama = envelope<DramaDetail>(await get(`/api/v1/dramas/${seeded.drama.id}`, APP_ORIGIN)).data;
    const poster = await get(pathOf(drama.poster), APP_ORIGIN);
    expect(poster.statusCode).toBe(200);
    // <img> loads it across origins (no-cors: CORP decides), fetch reads it (CORS).
    expect(poster.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(poster.headers['access-control-allow-origin']).toBe(APP_ORIGIN);

    const episodeId = seeded.episodes[0]?.id ?? 0;
    const playback = envelope<Playback>(await get(`/api/v1/episodes/${episodeId}/play`, APP_ORIGIN)).data;
    const master = await get(pathOf(playback.playlist_url), APP_ORIGIN);
    expect(master.statusCode).toBe(200);
    expect(master.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(master.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // hls.js resolves the playlist's relative URIs against it: the token in the path comes along.
    const variant = master.body.split('\n').find((line) => line !== '' && !line.startsWith('#')) ?? '';
    const variantRes = await get(pathOf(new URL(variant, playback.playlist_url).toString()), APP_ORIGIN);
    expect(variantRes.statusCode).toBe(200);
    expect(variantRes.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    for (const track of playback.subtitles) {
      const vtt = await get(pathOf(track.url), APP_ORIGIN);
      expect(vtt.statusCode).toBe(200);
      expect(vtt.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    }
  });

  it('still keeps the API itself same-origin for embedding (CORP)', async () => {
    expect((await get('/api/v1/app/config', APP_ORIGIN)).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
