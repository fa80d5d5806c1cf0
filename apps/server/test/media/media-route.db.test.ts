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
/** The URI lines (not tags) of a playlist. */
const uris = (playlist: string) => playlist.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
const queryOf = (url: string) => url.slice(url.indexOf('?'));
const pathOf = (url: string) => url.slice(0, url.indexOf('?'));

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
  const variants = uris(master.body);
  expect(variants).toHaveLength(2);
  const variant = await get(variants[0] ?? '');
  expect(variant.statusCode).toBe(200);
  const segments = uris(variant.body);
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
  it('serves an entitled viewer: signed master → signed variant → segment with the stored bytes', async () => {
    const { master, variants, variant, segments, segment } = await followPlayback();
    const dir = episode(1).mediaDir;
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, max-age=21600');
    expect(variants.map(pathOf)).toEqual([`/media/${dir}/hd/index.m3u8`, `/media/${dir}/sd/index.m3u8`]);
    // Tags survive the rewrite.
    expect(master.body).toContain('#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=720x1280');
    expect(segments.map(pathOf)).toEqual([`/media/${dir}/hd/seg_000.ts`, `/media/${dir}/hd/seg_001.ts`]);
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    // One expiry for everything handed out together.
    const exps = new Set([...variants, ...segments].map((u) => new URL(u, 'http://x').searchParams.get('exp')));
    expect(exps.size).toBe(1);
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe(EPISODE_FILES['hd/seg_000.ts']);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('private, max-age=21600');
    expect(segment.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a locked episode’s media without entitlement, and serves it once entitled', async () => {
    const locked = episode(3).mediaDir;
    const free = envelope<Playback>(await play(episode(1).id)).data;
    const freeSegment = uris((await get(uris((await get(free.playlist_url)).body)[0] ?? '')).body)[0] ?? '';

    // The API refuses, without a URL.
    const refused = await play(episode(3).id);
    expect(envelope(refused).code).toBe(Code.EPISODE_LOCKED);
    expect(refused.body).not.toContain('m3u8');

    // Guessing the paths does not help: unsigned, or signed for another episode's path.
    expectForbidden(await get(`/media/${locked}/master.m3u8`));
    expectForbidden(await get(`/media/${locked}/hd/index.m3u8`));
    expectForbidden(await get(`/media/${locked}/hd/seg_000.ts`));
    expectForbidden(await get(`/media/${locked}/download.mp4`));
    expectForbidden(await get(`/media/${locked}/master.m3u8${queryOf(free.playlist_url)}`));
    expectForbidden(await get(`/media/${locked}/hd/seg_000.ts${queryOf(freeSegment)}`));

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

  it('signs subtitles and the download, with the right types; the MP4 downloads and seeks', async () => {
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

describe('signatures expire and cannot be altered', () => {
  it('stops working at the expiry, segments of a rewritten playlist included', async () => {
    const start = clock.now();
    const { data, segments } = await followPlayback();
    clock.advance(6 * 3600 - 1);
    const late = await get(segments[1] ?? '');
    expect(late.statusCode).toBe(200);
    expect(late.headers['cache-control']).toBe('private, max-age=1');
    clock.advance(1);
    expectForbidden(await get(data.playlist_url));
    expectForbidden(await get(segments[1] ?? ''));
    expectForbidden(await get(data.download_url));
    clock.set(start);
  });

  it('a playlist fetched later hands out segment URLs with the same, not a fresh, expiry', async () => {
    const start = clock.now();
    const data = envelope<Playback>(await play(episode(1).id)).data;
    clock.advance(3600);
    const variants = uris((await get(data.playlist_url)).body);
    expect(new URL(variants[0] ?? '', 'http://x').searchParams.get('exp')).toBe(
      new URL(data.playlist_url, 'http://x').searchParams.get('exp'),
    );
    clock.set(start);
  });

  it('refuses a tampered signature, expiry or path', async () => {
    const data = envelope<Playback>(await play(episode(1).id)).data;
    const url = new URL(data.playlist_url, 'http://x');
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    const path = url.pathname;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${path}?exp=0${exp}&sig=${sig}`,
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      `${path}?exp=&sig=`,
      `${path}?exp=${exp}&sig=${sig}&sig=${sig}`,
      `${path.replace('/master.m3u8', '/hd/index.m3u8')}?exp=${exp}&sig=${sig}`,
      `${path.replace(`/${episode(1).number}/`, `/${episode(2).number}/`)}?exp=${exp}&sig=${sig}`,
    ]) {
      expectForbidden(await get(bad));
    }
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

  it('refuses a genuine signature on a path spelled with `..` (the path must be canonical)', async () => {
    const data = envelope<Playback>(await play(episode(1).id)).data;
    const url = new URL(data.playlist_url, 'http://x');
    for (const dotted of ['/hd/../master.m3u8', '/hd/%2e%2e/master.m3u8', '/./master.m3u8']) {
      const res = await rawGet(`${url.pathname.replace('/master.m3u8', dotted)}${url.search}`);
      expect([403, 404]).toContain(res.status);
      expect(res.body).not.toContain('#EXTM3U');
    }
    expect((await rawGet(`${url.pathname}${url.search}`)).body).toContain('#EXTM3U');
  });
});
