import { Code, type DramaDetail, type InvalidInputData } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  // Six episodes, two free, 30 coins each or 100 for all: 4 locked × 30 = 120 > 100.
  seeded = await seedDrama(t.app, {
    episodes: 6,
    freeEpisodes: 2,
    episodePrice: 30,
    allPrice: 100,
    title: { en: 'Night Bride', zh: '夜嫁', tr: 'Gece Gelini' },
    synopsis: { en: 'A bride at midnight.', zh: '午夜新娘。' },
  });
});
afterAll(async () => {
  await t?.close();
});

const getDrama = (id: number | string, options: { token?: string; query?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/dramas/${id}${options.query ?? ''}`,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  });
const lockStates = (data: { episodes: { number: number; locked: boolean }[] }) =>
  data.episodes.map((e) => (e.locked ? 'L' : 'o')).join('');
const episodeId = (n: number) => {
  const episode = seeded.episodes[n - 1];
  if (!episode) throw new Error(`no episode ${n}`);
  return episode.id;
};

describe('GET /dramas/:id', () => {
  it('answers a visitor the drama, episodes with free/locked/price, prices and an empty viewer', async () => {
    const res = await getDrama(seeded.drama.id);
    expect(res.statusCode).toBe(200);
    const data = envelope<DramaDetail>(res).data;
    expect(data).toMatchObject({
      id: seeded.drama.id,
      title: 'Night Bride',
      synopsis: 'A bride at midnight.',
      poster: `/media/posters/${seeded.drama.slug}.jpg`,
      banner: `/media/banners/${seeded.drama.slug}.jpg`,
      episode_count: 6,
      free_episodes: 2,
      prices: { episode: 30, locked_count: 4, all: 100 },
      vip_covers: true,
      favorited: false,
      progress: null,
      viewer: { signed_in: false, vip: false, coin: 0 },
    });
    expect(data.episodes[0]).toEqual({
      id: episodeId(1),
      number: 1,
      title: 'Episode 1',
      duration_s: 6,
      free: true,
      locked: false,
      price: 0,
    });
    expect(data.episodes[2]).toMatchObject({ number: 3, free: false, locked: true, price: 30 });
    expect(lockStates(data)).toBe('ooLLLL');
  });

  it('localises title, synopsis and episode titles (lang, then Accept-Language, English fallback)', async () => {
    const zh = envelope<DramaDetail>(await getDrama(seeded.drama.id, { query: '?lang=zh' })).data;
    expect([zh.title, zh.synopsis, zh.episodes[0]?.title]).toEqual(['夜嫁', '午夜新娘。', '第1集']);
    const tr = envelope<DramaDetail>(await getDrama(seeded.drama.id, { lang: 'tr-TR,tr;q=0.9' })).data;
    // No Turkish synopsis: English instead.
    expect([tr.title, tr.synopsis, tr.episodes[1]?.title]).toEqual(['Gece Gelini', 'A bride at midnight.', 'Bölüm 2']);
  });

  it('shows a signed-in user without unlocks the same locks, with their balance', async () => {
    const session = await signIn({ app: t.app, sms });
    await t.app.database.db.execute(sql`update users set coin = 45 where id = ${session.user.uid}`);
    const data = envelope<DramaDetail>(await getDrama(seeded.drama.id, { token: session.token })).data;
    expect(lockStates(data)).toBe('ooLLLL');
    expect(data.viewer).toEqual({ signed_in: true, vip: false, coin: 45 });
    // What VIP would open is the drama's own fact, told to one who has not bought it yet.
    expect(data.vip_covers).toBe(true);
  });

  it('opens unlocked episodes and prices "all" at no more than the rest one by one', async () => {
    const session = await signIn({ app: t.app, sms });
    const db = t.app.database.db;
    await db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${session.user.uid}, ${episodeId(3)})`,
    );
    let data = envelope<DramaDetail>(await getDrama(seeded.drama.id, { token: session.token })).data;
    expect(lockStates(data)).toBe('oooLLL');
    expect(data.prices).toEqual({ episode: 30, locked_count: 3, all: 90 });

    await db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${session.user.uid}, ${episodeId(5)})`,
    );
    data = envelope<DramaDetail>(await getDrama(seeded.drama.id, { token: session.token })).data;
    expect(lockStates(data)).toBe('oooLoL');
    expect(data.prices).toEqual({ episode: 30, locked_count: 2, all: 60 });
    // Another user's unlocks change nothing for a visitor.
    expect(lockStates(envelope<DramaDetail>(await getDrama(seeded.drama.id)).data)).toBe('ooLLLL');
  });

  it('opens everything for a VIP until vip_expires_at (by the app clock)', async () => {
    const session = await signIn({ app: t.app, sms });
    const until = new Date(clock.now().getTime() + 3600_000);
    await t.app.database.db.execute(
      sql`update users set vip_expires_at = ${until.toISOString()} where id = ${session.user.uid}`,
    );
    let data = envelope<DramaDetail>(await getDrama(seeded.drama.id, { token: session.token })).data;
    expect(lockStates(data)).toBe('oooooo');
    expect(data.prices).toEqual({ episode: 30, locked_count: 0, all: 0 });
    expect(data.viewer).toMatchObject({ signed_in: true, vip: true });
    // vip_covers agrees with what VIP actually opened: every episode.
    expect(data.vip_covers).toBe(data.episodes.every((e) => !e.locked));

    clock.advance(3600);
    data = envelope<DramaDetail>(await getDrama(seeded.drama.id, { token: session.token })).data;
    expect(lockStates(data)).toBe('ooLLLL');
    expect(data.viewer.vip).toBe(false);
  });

  it('reports favourite and progress from the viewer’s list and history', async () => {
    const session = await signIn({ app: t.app, sms });
    const db = t.app.database.db;
    await db.execute(sql`insert into favorites (user_id, drama_id) values (${session.user.uid}, ${seeded.drama.id})`);
    await db.execute(
      sql`insert into watch_history (user_id, drama_id, episode_id, position_s) values (${session.user.uid}, ${seeded.drama.id}, ${episodeId(2)}, 12.5)`,
    );
    const data = envelope<DramaDetail>(await getDrama(seeded.drama.id, { token: session.token })).data;
    expect(data.favorited).toBe(true);
    expect(data.progress).toEqual({ episode_id: episodeId(2), position_s: 12.5 });
  });

  it('gives concurrent viewers each their own facts (their reads go out together)', async () => {
    const db = t.app.database.db;
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signIn({ app: t.app, sms })));
    await db.execute(sql`update users set coin = 7 where id = ${a!.user.uid}`);
    await db.execute(sql`update users set coin = 8 where id = ${b!.user.uid}`);
    await db.execute(sql`insert into episode_unlocks (user_id, episode_id) values (${a!.user.uid}, ${episodeId(6)})`);
    await db.execute(sql`insert into episode_unlocks (user_id, episode_id) values (${b!.user.uid}, ${episodeId(4)})`);
    await db.execute(sql`insert into favorites (user_id, drama_id) values (${b!.user.uid}, ${seeded.drama.id})`);
    await db.execute(
      sql`insert into watch_history (user_id, drama_id, episode_id, position_s) values (${c!.user.uid}, ${seeded.drama.id}, ${episodeId(1)}, 3)`,
    );
    const answers = await Promise.all([
      getDrama(seeded.drama.id, { token: a!.token }),
      getDrama(seeded.drama.id, { token: 'not-a-real-token' }),
      getDrama(seeded.drama.id, { token: b!.token }),
      getDrama(seeded.drama.id),
      getDrama(seeded.drama.id, { token: c!.token }),
      getDrama(seeded.drama.id, { token: a!.token }),
    ]);
    const [forA, forNobody, forB, forVisitor, forC, forAAgain] = answers.map((res) => envelope<DramaDetail>(res));
    for (const own of [forA!, forAAgain!]) {
      expect(lockStates(own.data)).toBe('ooLLLo');
      expect(own.data).toMatchObject({ favorited: false, progress: null, viewer: { signed_in: true, coin: 7 } });
    }
    expect(forNobody!.code).toBe(Code.NOT_SIGNED_IN);
    expect(lockStates(forB!.data)).toBe('ooLoLL');
    expect(forB!.data).toMatchObject({ favorited: true, progress: null, viewer: { coin: 8 } });
    expect(lockStates(forVisitor!.data)).toBe('ooLLLL');
    expect(forVisitor!.data.viewer.signed_in).toBe(false);
    expect(lockStates(forC!.data)).toBe('ooLLLL');
    expect(forC!.data).toMatchObject({ favorited: false, progress: { episode_id: episodeId(1), position_s: 3 } });
  });

  it('answers 10002 for an unknown drama and 10001 for a malformed id', async () => {
    const unknown = await getDrama(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).code).toBe(Code.NOT_FOUND);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await getDrama(bad);
      expect(res.statusCode, bad).toBe(400);
      const body = envelope<InvalidInputData>(res);
      expect(body.code).toBe(Code.INVALID_INPUT);
      expect(new Set(body.data.fields.map((f) => f.field))).toEqual(new Set(['params.id']));
    }
  });

  it('answers 10027 to a token that does not resolve (optional auth still checks it)', async () => {
    const res = await getDrama(seeded.drama.id, { token: 'not-a-real-token' });
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});
