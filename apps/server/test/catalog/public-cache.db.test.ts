import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DramaDetail, Home } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ANSWER_TTL_S } from '../../src/services/catalog/catalog-services.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, signIn } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  seeded = await seedDrama(t.app, { hits: 5, likes: 1, episodes: 4, freeEpisodes: 2 });
  // Enough cards for the home answer to pass the compression threshold.
  for (let i = 0; i < 6; i += 1) await seedDrama(t.app, { hits: i });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const hitsOnHome = async () =>
  envelope<Home>(await get('/home')).data.hot.find((card) => card.id === seeded.drama.id)?.hits;
const setDramaCounters = (hits: number, likes: number) =>
  t.app.database.db.execute(sql`update dramas set hits = ${hits}, likes = ${likes} where id = ${seeded.drama.id}`);

describe('public catalogue answers from memory', () => {
  it('answers home from memory: a counter moved in the database shows only after the TTL', async () => {
    expect(await hitsOnHome()).toBe(5);
    await setDramaCounters(500, 1);
    // Positive control for the cache: the database says 500, memory still says 5.
    expect(await hitsOnHome()).toBe(5);
    clock.advance(PUBLIC_ANSWER_TTL_S + 1);
    expect(await hitsOnHome()).toBe(500);
  });

  it('drops every cached answer when the catalogue changes (import, seed)', async () => {
    const before = envelope(await get('/dramas?sort=az&page=1&size=20')).data as { total: number };
    const added = await seedDrama(t.app, { title: { en: 'Fresh Import' } });
    const after = envelope(await get('/dramas?sort=az&page=1&size=20')).data as {
      total: number;
      list: { id: number }[];
    };
    expect(after.total).toBe(before.total + 1);
    expect(after.list.map((card) => card.id)).toContain(added.drama.id);
    expect(envelope(await get(`/dramas/${added.drama.id}`)).code).toBe(200);
  });

  it('shows a like on the drama page within the TTL', async () => {
    const session = await signIn({ app: t.app, sms });
    const before = envelope<DramaDetail>(await get(`/dramas/${seeded.drama.id}`)).data.likes;
    const liked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/episodes/${seeded.episodes[0]!.id}/like`,
      headers: bearer(session.token),
    });
    expect(liked.statusCode).toBe(200);
    clock.advance(PUBLIC_ANSWER_TTL_S + 1);
    expect(envelope<DramaDetail>(await get(`/dramas/${seeded.drama.id}`)).data.likes).toBe(before + 1);
  });

  it("keeps a signed-in viewer's facts fresh on a cached public part, and never marks them public", async () => {
    const session = await signIn({ app: t.app, sms });
    // Prime the public part, then change what only this viewer holds.
    expect((await get(`/dramas/${seeded.drama.id}`)).headers['cache-control']).toBe('no-cache');
    const first = await get(`/dramas/${seeded.drama.id}`, bearer(session.token));
    expect(envelope<DramaDetail>(first).data.viewer.coin).toBe(0);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const db = t.app.database.db;
    await db.execute(sql`update users set coin = 77 where id = ${session.user.uid}`);
    await db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${session.user.uid}, ${seeded.episodes[3]!.id})`,
    );
    await db.execute(sql`insert into favorites (user_id, drama_id) values (${session.user.uid}, ${seeded.drama.id})`);
    const detail = envelope<DramaDetail>(await get(`/dramas/${seeded.drama.id}`, bearer(session.token))).data;
    expect(detail.viewer.coin).toBe(77);
    expect(detail.favorited).toBe(true);
    expect(detail.episodes.find((e) => e.number === 4)?.locked).toBe(false);
    // The visitor's answer is untouched by it.
    const visitor = envelope<DramaDetail>(await get(`/dramas/${seeded.drama.id}`)).data;
    expect(visitor.episodes.find((e) => e.number === 4)?.locked).toBe(true);
    expect(visitor.favorited).toBe(false);
  });
});

describe('delivery of public answers', () => {
  it('sends brotli or gzip by Accept-Encoding, the same JSON as uncompressed', async () => {
    const plain = await get('/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/home', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get('/home', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await get('/home', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('lets a CDN keep home and lists for the TTL and revalidate by ETag', async () => {
    for (const url of ['/home', '/dramas?sort=hits&page=1&size=20', `/dramas/${seeded.drama.id}`]) {
      const res = await get(url);
      if (!url.startsWith('/dramas/')) {
        expect(res.headers['cache-control']).toBe(`public, max-age=${PUBLIC_ANSWER_TTL_S}`);
      }
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('compresses other JSON answers above 1 KB', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
