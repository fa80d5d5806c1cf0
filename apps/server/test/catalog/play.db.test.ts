import { Code, type Playback } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, MEMORY_DATA_DIR } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, createTestDatabaseUrl, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';
import { PUBLIC_ANSWER_TTL_S } from '../../src/services/catalog/catalog-services.js';

const sms = new RecordingSmsSender();
const clock = new TestClock('2026-11-21T10:00:00.000Z');
let t: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  seeded = await seedDrama(t.app, { episodes: 4, freeEpisodes: 2, episodePrice: 30, allPrice: 50 });
});
afterAll(async () => {
  await t?.close();
});

const episode = (n: number) => {
  const row = seeded.episodes[n - 1];
  if (!row) throw new Error(`no episode ${n}`);
  return row;
};

interface PlayOptions {
  token?: string;
  ip?: string;
  userAgent?: string;
}
const play = (id: number | string, options: PlayOptions = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/episodes/${id}/play`,
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: {
      'user-agent': options.userAgent ?? 'test-agent',
      ...(options.token ? { authorization: options.token } : {}),
    },
  });
// Plays are written in batches after the answer (play-recorder.ts); counting waits for them.
const hits = async () => {
  await t.app.services.playRecorder.flush();
  return hitsNow();
};
// Read from the table: the public drama answer is cached and lets counters lag a few seconds.
const hitsNow = async () => {
  const [row] = await queryRows<{ hits: number | string }>(
    t.app.database.db,
    sql`SELECT hits FROM dramas WHERE id = ${seeded.drama.id}`,
  );
  return Number(row?.hits);
};

/** `/media/t/<kid>.<exp>.<mac>/<path>`, the expiry captured. */
const TOKENED = (path: string) =>
  new RegExp(`^/media/t/k0\\.(\\d+)\\.[A-Za-z0-9_-]{43}/${path.replace(/[.]/g, '\\.')}$`);

describe('GET /episodes/:id/play for an entitled viewer', () => {
  it('gives a visitor a free episode: tokened playlist, subtitles and download, neighbours, counts', async () => {
    const res = await play(episode(1).id);
    expect(res.statusCode).toBe(200);
    // The answer holds a working token: never kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = envelope<Playback>(res).data;
    const dir = episode(1).mediaDir;
    expect(data.episode).toEqual({
      id: episode(1).id,
      drama_id: seeded.drama.id,
      number: 1,
      title: 'Episode 1',
      duration_s: 6,
      free: true,
      locked: false,
      price: 0,
    });
    expect(data.playlist_url).toMatch(TOKENED(`${dir}/master.m3u8`));
    expect(data.download_url).toMatch(TOKENED(`${dir}/download.mp4`));
    expect(data.subtitles.map((s) => s.lang)).toEqual(['zh', 'en', 'tr']);
    for (const track of data.subtitles) {
      expect(track.url).toMatch(TOKENED(`${dir}/subs/${track.lang}.vtt`));
    }
    // Six hours by the app clock; one token, with that expiry, opens every URL of the episode.
    expect(data.expires_at).toBe('2026-11-21T16:00:00.000Z');
    const exp = String(Date.parse(data.expires_at) / 1000);
    const tokenOf = (url: string) => url.split('/')[3];
    expect(TOKENED(`${dir}/master.m3u8`).exec(data.playlist_url)?.[1]).toBe(exp);
    expect(new Set([data.playlist_url, data.download_url, ...data.subtitles.map((s) => s.url)].map(tokenOf)).size).toBe(
      1,
    );
    expect(data).toMatchObject({
      next_episode_id: episode(2).id,
      prev_episode_id: null,
      likes: 0,
      liked: false,
      comment_count: 0,
      position_s: 0,
    });
  });

  it('answers neighbours in the middle and at the end', async () => {
    const session = await signIn({ app: t.app, sms });
    await t.app.database.db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${session.user.uid}, ${episode(4).id})`,
    );
    const second = envelope<Playback>(await play(episode(2).id)).data;
    expect([second.prev_episode_id, second.next_episode_id]).toEqual([episode(1).id, episode(3).id]);
    const last = envelope<Playback>(await play(episode(4).id, { token: session.token })).data;
    expect([last.prev_episode_id, last.next_episode_id]).toEqual([episode(3).id, null]);
  });

  it('plays an episode the user unlocked, and everything for a VIP', async () => {
    const buyer = await signIn({ app: t.app, sms });
    await t.app.database.db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${buyer.user.uid}, ${episode(3).id})`,
    );
    expect((await play(episode(3).id, { token: buyer.token })).statusCode).toBe(200);
    expect(envelope<Playback>(await play(episode(4).id, { token: buyer.token })).code).toBe(Code.EPISODE_LOCKED);

    const vip = await signIn({ app: t.app, sms });
    const until = new Date(clock.now().getTime() + 86_400_000).toISOString();
    await t.app.database.db.execute(sql`update users set vip_expires_at = ${until} where id = ${vip.user.uid}`);
    const res = await play(episode(4).id, { token: vip.token });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data.episode).toMatchObject({ number: 4, free: false, locked: false, price: 30 });
  });

  it('reports likes, the viewer’s like, comments and the saved position of this episode', async () => {
    const session = await signIn({ app: t.app, sms });
    const other = await signIn({ app: t.app, sms });
    const db = t.app.database.db;
    const id = episode(2).id;
    await db.execute(sql`update episodes set likes = 7 where id = ${id}`);
    await db.execute(sql`insert into episode_likes (user_id, episode_id) values (${session.user.uid}, ${id})`);
    await db.execute(sql`insert into comments (episode_id, user_id, body) values (${id}, ${other.user.uid}, 'one')`);
    await db.execute(sql`insert into comments (episode_id, user_id, body) values (${id}, ${other.user.uid}, 'two')`);
    await db.execute(
      sql`insert into comments (episode_id, user_id, body, deleted_at) values (${id}, ${other.user.uid}, 'gone', now())`,
    );
    await db.execute(
      sql`insert into watch_history (user_id, drama_id, episode_id, position_s) values (${session.user.uid}, ${seeded.drama.id}, ${id}, 3.5)`,
    );
    // The viewer's own like and position are read fresh on every play.
    expect(envelope<Playback>(await play(id, { token: session.token })).data).toMatchObject({
      liked: true,
      position_s: 3.5,
    });
    // The counters come with the public part, which may lag by the public answers' bound.
    clock.advance(PUBLIC_ANSWER_TTL_S + 1);
    const mine = envelope<Playback>(await play(id, { token: session.token })).data;
    expect(mine).toMatchObject({ likes: 7, liked: true, comment_count: 2, position_s: 3.5 });
    // History points at episode 2: episode 1 starts from the beginning.
    expect(envelope<Playback>(await play(episode(1).id, { token: session.token })).data.position_s).toBe(0);
    expect(envelope<Playback>(await play(id, { token: other.token })).data).toMatchObject({
      liked: false,
      position_s: 0,
    });
  });
});

describe('GET /episodes/:id/play for a locked episode', () => {
  it('answers 30002 with the prices and no media URL', async () => {
    const res = await play(episode(3).id);
    // An expected answer, not an error: browsers log every 4xx in the console.
    expect(res.statusCode).toBe(200);
    const body = envelope(res);
    expect(body).toEqual({
      code: Code.EPISODE_LOCKED,
      message: expect.any(String),
      data: {
        drama_id: seeded.drama.id,
        episode_id: episode(3).id,
        episode_number: 3,
        // Two locked at 30 each (60) against 50 for all: the bundle is cheaper.
        prices: { episode: 30, locked_count: 2, all: 50 },
        coin: 0,
        signed_in: false,
      },
    });
    expect(res.body).not.toContain('m3u8');
    expect(res.body).not.toContain('/media/');
    expect(res.body).not.toContain('/t/');
  });

  it('tells a signed-in user their balance and only their remaining locks', async () => {
    const session = await signIn({ app: t.app, sms });
    const db = t.app.database.db;
    await db.execute(sql`update users set coin = 12 where id = ${session.user.uid}`);
    await db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${session.user.uid}, ${episode(3).id})`,
    );
    const body = envelope<Playback>(await play(episode(4).id, { token: session.token }));
    expect(body.code).toBe(Code.EPISODE_LOCKED);
    expect(body.data).toMatchObject({ prices: { episode: 30, locked_count: 1, all: 30 }, coin: 12, signed_in: true });
  });

  it('answers 10002 for an unknown episode and 10001 for a malformed id', async () => {
    const res = await play(987_654);
    expect(res.statusCode).toBe(404);
    expect(envelope(res).code).toBe(Code.NOT_FOUND);
    expect(envelope<Playback>(await play('x')).code).toBe(Code.INVALID_INPUT);
  });
});

describe('hits count real plays', () => {
  it('counts a viewer once per episode and UTC day; other viewers and days count again', async () => {
    const start = await hits();
    await play(episode(1).id, { ip: '192.0.2.10', userAgent: 'phone-a' });
    expect(await hits()).toBe(start + 1);
    await play(episode(1).id, { ip: '192.0.2.10', userAgent: 'phone-a' });
    expect(await hits()).toBe(start + 1);
    // Another episode is another play.
    await play(episode(2).id, { ip: '192.0.2.10', userAgent: 'phone-a' });
    expect(await hits()).toBe(start + 2);
    // Another device behind the same address is another viewer.
    await play(episode(1).id, { ip: '192.0.2.10', userAgent: 'phone-b' });
    expect(await hits()).toBe(start + 3);
    // A signed-in user counts once whatever the device.
    const session = await signIn({ app: t.app, sms });
    await play(episode(1).id, { token: session.token, userAgent: 'x' });
    await play(episode(1).id, { token: session.token, userAgent: 'y', ip: '198.51.100.7' });
    expect(await hits()).toBe(start + 4);
    // A refused play counts nothing.
    await play(episode(3).id, { ip: '192.0.2.99' });
    expect(await hits()).toBe(start + 4);
    // The next UTC day counts again.
    clock.advance(24 * 3600);
    await play(episode(1).id, { ip: '192.0.2.10', userAgent: 'phone-a' });
    expect(await hits()).toBe(start + 5);
  });

  it('counts concurrent plays of one viewer once (the primary key decides, not a prior read)', async () => {
    const start = await hits();
    const same = { ip: '192.0.2.77', userAgent: 'racer' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => play(episode(2).id, same)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await hits()).toBe(start + 1);
  });

  it('stores a visitor by a hash, never the raw address', async () => {
    await play(episode(1).id, { ip: '203.0.113.55', userAgent: 'hash-check' });
    await t.app.services.playRecorder.flush();
    const result: unknown = await t.app.database.db.execute(sql`select viewer_key from episode_plays`);
    const keys = (result as { rows: { viewer_key: string }[] }).rows.map((r) => r.viewer_key);
    expect(keys.some((k) => k.includes('203.0.113.55'))).toBe(false);
    expect(keys.every((k) => /^u:\d+$/.test(k) || /^a:[0-9a-f]{64}$/.test(k))).toBe(true);
  });
});

describe('plays are written in batches after the answer', () => {
  const playRows = async (episodeId: number) => {
    const result: unknown = await t.app.database.db.execute(
      sql`select viewer_key, created_at from episode_plays where episode_id = ${episodeId} order by viewer_key`,
    );
    return (result as { rows: { viewer_key: string; created_at: string | Date }[] }).rows;
  };

  it('writes each viewer, episode and day once however the plays fall into batches, and counts hits exactly', async () => {
    const start = await hits();
    const rowsBefore = (await playRows(episode(2).id)).length;
    const viewer = (ua: string) => ({ ip: '192.0.2.201', userAgent: ua });
    await Promise.all(['b1', 'b2', 'b1', 'b2'].map((ua) => play(episode(2).id, viewer(ua))));
    await t.app.services.playRecorder.flush();
    expect(await hitsNow()).toBe(start + 2);
    // b1 again in a later batch (already written), b3 new; a flush with nothing pending writes nothing.
    await play(episode(2).id, viewer('b1'));
    await play(episode(2).id, viewer('b3'));
    await t.app.services.playRecorder.flush();
    await t.app.services.playRecorder.flush();
    expect(await hitsNow()).toBe(start + 3);
    expect((await playRows(episode(2).id)).length).toBe(rowsBefore + 3);
  });

  it('dates a play when the playback was handed out, not when it was written', async () => {
    const handedOut = clock.now();
    const session = await signIn({ app: t.app, sms });
    await play(episode(1).id, { token: session.token });
    clock.advance(90);
    await t.app.services.playRecorder.flush();
    const row = (await playRows(episode(1).id)).find((r) => r.viewer_key === `u:${session.user.uid}`);
    expect(row && new Date(row.created_at).toISOString()).toBe(handedOut.toISOString());
  });

  it('writes the plays still pending when the app closes', async () => {
    const target = await createTestDatabaseUrl();
    const database = await createDatabase({ databaseUrl: target.databaseUrl, dataDir: MEMORY_DATA_DIR });
    try {
      const app = await buildApp(
        loadConfig({
          LOG_LEVEL: 'silent',
          DATA_DIR: MEMORY_DATA_DIR,
          WEB_DIST_DIR: '/nonexistent/cliffhanger-web-dist',
          DEMO_CATALOG: 'false',
          ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
        }),
        { database },
      );
      const own = await seedDrama(app, { episodes: 1, freeEpisodes: 1 });
      const id = own.episodes[0]?.id ?? 0;
      for (const ua of ['c1', 'c2', 'c3']) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/episodes/${id}/play`,
          headers: { 'user-agent': ua },
        });
        expect(res.statusCode).toBe(200);
      }
      await app.close();
      // The app closed; the database (ours) is still open and holds what was pending.
      const result: unknown = await database.db.execute(
        sql`select (select count(*) from episode_plays where episode_id = ${id}) as plays,
                   (select hits from dramas where id = ${own.drama.id}) as hits`,
      );
      const [row] = (result as { rows: { plays: string | number; hits: number }[] }).rows;
      expect({ plays: Number(row?.plays), hits: Number(row?.hits) }).toEqual({ plays: 3, hits: 3 });
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
