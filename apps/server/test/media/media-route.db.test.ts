import { Code, type Playback } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { request } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { EPISODE_FILES, seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  seeded = await seedDrama(t.app, { episodes: 4, freeEpisodes: 2 });
});
afterAll(async () => {
  await t?.close();
});

const episode = (n: number) => {
  const row = seeded.episodes[n - 1];
  if (!row) throw new Error(`no episode ${n}`);
  return row;
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const play = (id: number, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/episodes/${id}/play`, headers: token ? { authorization: token } : {} });
/** The URI lines (not tags) of a playlist, resolved against its URL as a player does. */
const uris = (playlist: string, playlistUrl: string) =>
  playlist
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((uri) => new URL(uri, `http://x${playlistUrl}`).pathname);
/** `/media/t/<token>/<path>` → the token and `/media/<path>`. */
const splitToken = (url: string) => {
  const [, token = '', path = ''] = /^\/media\/t\/([^/]+)\/(.*)$/.exec(url) ?? [];
  return { token, path: `/media/${path}` };
};
const pathOf = (url: string) => splitToken(url).path;
const tokenOf = (url: string) => splitToken(url).token;

function expectForbidden(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(403);
  expect(envelope(res).code).toBe(Code.FORBIDDEN);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

/** Play → master → HD variant → first segment, asserting each step; answers the responses. */
async function followPlayback(token?: string) {
  const data = envelope<Playback>(await play(episode(token ? 3 : 1).id, token)).data;
  const master = await get(data.playlist_url);
  expect(master.statusCode).toBe(200);
  const variants = uris(master.body, data.playlist_url);
  expect(variants).toHaveLength(2);
  const variant = await get(variants[0] ?? '');
  expect(variant.statusCode).toBe(200);
  const segments = uris(variant.body, variants[0] ?? '');
  expect(segments).toHaveLength(2);
  const segment = await get(segments[0] ?? '');
  return { data, master, variants, variant, segments, segment };
}

describe('public media', () => {
  it('serves posters and banners without a signature, cacheable for a day', async () => {
    const poster = await get(`/media/posters/${seeded.drama.slug}.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.body).toBe('JPEG-POSTER');
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.headers['cache-control']).toBe('public, max-age=86400');
    expect(poster.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`/media/banners/${seeded.drama.slug}.jpg`)).body).toBe('JPEG-BANNER');
  });

  it('answers 404 for a missing poster and for paths outside the known folders', async () => {
    expect((await get('/media/posters/none.jpg')).statusCode).toBe(404);
    const other = await get('/media/secret.key');
    expect(other.statusCode).toBe(404);
    expect(envelope(other).code).toBe(Code.NOT_FOUND);
    expect(other.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('episode media needs an entitlement', () => {
  it('serves an entitled viewer: tokened master → variant → segment, the stored bytes for everyone', async () => {
    const { data, master, variants, variant, segments, segment } = await followPlayback();
    const dir = episode(1).mediaDir;
    const shared = 'public, max-age=21600, s-maxage=31536000, immutable';
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe(shared);
    // The stored playlists as they are: relative URIs, so the token rides along in the path.
    expect(master.body).toBe(EPISODE_FILES['master.m3u8']);
    expect(variant.body).toBe(EPISODE_FILES['hd/index.m3u8']);
    expect(variant.headers['cache-control']).toBe(shared);
    expect(variants.map(pathOf)).toEqual([`/media/${dir}/hd/index.m3u8`, `/media/${dir}/sd/index.m3u8`]);
    expect(segments.map(pathOf)).toEqual([`/media/${dir}/hd/seg_000.ts`, `/media/${dir}/hd/seg_001.ts`]);
    // One token for everything of the episode, naming no viewer: kid, expiry, MAC.
    const tokens = new Set([data.playlist_url, ...variants, ...segments].map(tokenOf));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).toMatch(/^k0\.\d+\.[\w-]{43}$/);
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe(EPISODE_FILES['hd/seg_000.ts']);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe(shared);
    expect(segment.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a locked episode’s media without entitlement, and serves it once entitled', async () => {
    const locked = episode(3).mediaDir;
    const free = envelope<Playback>(await play(episode(1).id)).data;
    const freeToken = tokenOf(free.playlist_url);

    // The API refuses, without a URL.
    const refused = await play(episode(3).id);
    expect(envelope(refused).code).toBe(Code.EPISODE_LOCKED);
    expect(refused.body).not.toContain('m3u8');

    // Guessing the paths does not help: without a token, or with another episode's token.
    expectForbidden(await get(`/media/${locked}/master.m3u8`));
    expectForbidden(await get(`/media/${locked}/hd/index.m3u8`));
    expectForbidden(await get(`/media/${locked}/hd/seg_000.ts`));
    expectForbidden(await get(`/media/${locked}/download.mp4`));
    expectForbidden(await get(`/media/t/${freeToken}/${locked}/master.m3u8`));
    expectForbidden(await get(`/media/t/${freeToken}/${locked}/hd/seg_000.ts`));
    // Refusals are never kept by a cache.
    expect((await get(`/media/t/${freeToken}/${locked}/master.m3u8`)).headers['cache-control']).toBe('no-store');

    // Entitled (an unlock row, as the wallet writes it), the same episode plays end to end.
    const session = await signIn({ app: t.app, sms });
    await t.app.database.db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${session.user.uid}, ${episode(3).id})`,
    );
    const { data, segments, segment } = await followPlayback(session.token);
    expect(pathOf(data.playlist_url)).toBe(`/media/${locked}/master.m3u8`);
    expect(pathOf(segments[0] ?? '')).toBe(`/media/${locked}/hd/seg_000.ts`);
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe(EPISODE_FILES['hd/seg_000.ts']);
  });

  it('tokens subtitles and the download, with the right types; the MP4 downloads and seeks', async () => {
    const data = envelope<Playback>(await play(episode(1).id)).data;
    const en = data.subtitles.find((s) => s.lang === 'en');
    const vtt = await get(en?.url ?? '');
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt');
    expect(vtt.body).toBe(EPISODE_FILES['subs/en.vtt']);

    const mp4 = await get(data.download_url);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.body).toBe(EPISODE_FILES['download.mp4']);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.headers['content-disposition']).toBe(`attachment; filename="${seeded.drama.slug}-1.mp4"`);
    expect(mp4.headers['accept-ranges']).toBe('bytes');

    const part = await get(data.download_url, { range: 'bytes=0-2' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('MP4');
    expect(part.headers['content-range']).toBe('bytes 0-2/9');
    const tail = await get(data.download_url, { range: 'bytes=-5' });
    expect(tail.body).toBe('BYTES');
    // A range past the end: 416 with the real size, not the whole file.
    const past = await get(data.download_url, { range: 'bytes=50-60' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */9');
    // A range it does not honour (several ranges): the whole file.
    const whole = await get(data.download_url, { range: 'bytes=0-1,3-4' });
    expect([whole.statusCode, whole.body]).toEqual([200, 'MP4-BYTES']);
  });
});

describe('tokens expire and cannot be altered', () => {
  it('stops working at the expiry, segments of a playlist included', async () => {
    const start = clock.now();
    const { data, segments } = await followPlayback();
    clock.advance(6 * 3600 - 1);
    const late = await get(segments[1] ?? '');
    expect(late.statusCode).toBe(200);
    expect(late.headers['cache-control']).toBe('public, max-age=1, s-maxage=31536000, immutable');
    clock.advance(1);
    expectForbidden(await get(data.playlist_url));
    expectForbidden(await get(segments[1] ?? ''));
    expectForbidden(await get(data.download_url));
    clock.set(start);
  });

  it('refuses a tampered MAC, expiry or key id, a wrong scope, and the old query signature', async () => {
    const data = envelope<Playback>(await play(episode(1).id)).data;
    const token = tokenOf(data.playlist_url);
    const [kid = '', exp = '', mac = ''] = token.split('.');
    const path = pathOf(data.playlist_url).slice('/media/'.length);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `/media/t/${kid}.${exp}.${flipped}/${path}`,
      `/media/t/${kid}.${Number(exp) + 3600}.${mac}/${path}`,
      `/media/t/${kid}.0${exp}.${mac}/${path}`,
      `/media/t/k9.${exp}.${mac}/${path}`,
      `/media/t/${kid}.${exp}/${path}`,
      `/media/t//${path}`,
      `/media/t/${token}/${path.replace(episode(1).mediaDir, episode(2).mediaDir)}`,
      `/media/${path}?exp=${exp}&sig=${mac}`,
    ]) {
      expectForbidden(await get(bad));
    }
    // A token opens episode files only.
    expect((await get(`/media/t/${token}/posters/${seeded.drama.slug}.jpg`)).statusCode).toBe(404);
    expect((await get(data.playlist_url)).statusCode).toBe(200);
  });
});

/** A request over a real socket, so the path reaches the server exactly as written (inject normalises `..`). */
async function rawGet(path: string): Promise<{ status: number; body: string; nosniff: boolean }> {
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: address.port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          nosniff: res.headers['x-content-type-options'] === 'nosniff',
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('path traversal', () => {
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  const TRAVERSALS = [
    '/media/episodes/../secret.key',
    '/media/episodes/%2e%2e/secret.key',
    '/media/episodes/%2E%2E%2Fsecret.key',
    '/media/episodes/%252e%252e/secret.key',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/episodes/..%5c..%5csecret.key',
    '/media/episodes\\..\\secret.key',
    '/media//etc/passwd',
    '/media/%2fetc%2fpasswd',
    '/media/posters/../episodes/x/1/hd/seg_000.ts',
    '/media/posters/%2e%2e%2fepisodes%2fx%2f1%2fhd%2fseg_000.ts',
    '/media/episodes/%00.ts',
    '/media/t/k0.1.x/../../secret.key',
    '/media/t/%2e%2e/secret.key',
  ];

  it.each(TRAVERSALS)('%s is not served (inject)', async (url) => {
    const res = await get(url);
    expect([403, 404]).toContain(res.statusCode);
    expect([Code.FORBIDDEN, Code.NOT_FOUND]).toContain(envelope(res).code);
  });

  it.each(TRAVERSALS)('%s is not served (raw HTTP)', async (url) => {
    const res = await rawGet(url);
    expect([403, 404]).toContain(res.status);
    expect(res.nosniff).toBe(true);
    expect(res.body).not.toContain('"name"');
  });

  it('refuses a genuine token on a path spelled with `..` (the path must be canonical)', async () => {
    const data = envelope<Playback>(await play(episode(1).id)).data;
    const url = data.playlist_url;
    for (const dotted of ['/hd/../master.m3u8', '/hd/%2e%2e/master.m3u8', '/./master.m3u8']) {
      const res = await rawGet(url.replace('/master.m3u8', dotted));
      expect([403, 404]).toContain(res.status);
      expect(res.body).not.toContain('#EXTM3U');
    }
    // Nor may `..` climb out of the token's place into another episode's directory.
    const other = episode(3).mediaDir.split('/').pop() ?? '';
    expect((await rawGet(url.replace(/\/[^/]+\/master\.m3u8$/, `/x/../${other}/master.m3u8`))).status).not.toBe(200);
    expect((await rawGet(url)).body).toContain('#EXTM3U');
  });
});
