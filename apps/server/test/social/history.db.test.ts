import { Code, type HistoryItem, type Page, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createSocialKit, type SocialKit } from './social-kit.js';

let kit: SocialKit;

beforeAll(async () => {
  kit = await createSocialKit();
});
afterAll(async () => {
  await kit?.close();
});

const save = (token: string | undefined, payload: unknown) =>
  kit.call('PUT', '/history', { payload, ...(token ? { token } : {}) });
const list = (token: string, query = '') => kit.call('GET', `/history${query}`, { token });
/** The viewer's rows in the database, once the saves this process accepted are written. */
const rowsOf = async (userId: number) => {
  await kit.t.app.services.social.progressSaves.flush();
  return kit.scalar(sql`SELECT count(*) FROM watch_history WHERE user_id = ${userId}`);
};
const exec = (query: ReturnType<typeof sql>) => kit.t.app.database.db.execute(query);

describe('PUT /history', () => {
  it('saves the position and lists it with the drama card', async () => {
    const me = await kit.user();
    const { drama, episodes } = await seedDrama(kit.t.app, { title: { en: 'Rain', zh: '雨', tr: 'Yağmur' } });
    const res = await save(me.token, { episode_id: episodes[0]!.id, position_s: 3.5 });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ drama_id: drama.id, episode_id: episodes[0]!.id, position_s: 3.5 });

    const page = envelope(await list(me.token, '?lang=tr')).data;
    expect(page).toMatchObject({ page: 1, size: 20, total: 1, has_more: false });
    expect(page.list[0]).toEqual({
      id: drama.id,
      title: 'Yağmur',
      poster: `/media/${drama.poster}`,
      tags: ['romance'],
      genres: [],
      hits: 0,
      likes: 0,
      episode_count: 4,
      free_episodes: 2,
      episode_id: episodes[0]!.id,
      episode_number: 1,
      position_s: 3.5,
      duration_s: 6,
      watched_at: kit.clock.now().toISOString(),
    });
  });

  it('keeps one row per drama, moved to the episode watched last', async () => {
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app);
    await save(me.token, { episode_id: episodes[0]!.id, position_s: 5 });
    kit.clock.advance(30);
    await save(me.token, { episode_id: episodes[1]!.id, position_s: 1 });
    expect(await rowsOf(me.user.uid)).toBe(1);
    const [item] = envelope(await list(me.token)).data.list;
    expect(item).toMatchObject({
      episode_id: episodes[1]!.id,
      episode_number: 2,
      position_s: 1,
      watched_at: kit.clock.now().toISOString(),
    });
  });

  it("clamps the position to the episode's duration", async () => {
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app);
    expect(envelope(await save(me.token, { episode_id: episodes[0]!.id, position_s: 100 })).data.position_s).toBe(6);
    expect(envelope(await list(me.token)).data.list[0].position_s).toBe(6);
  });

  it.each([
    ['a negative position', { position_s: -1 }, 'body.position_s'],
    ['a huge position', { position_s: 1e9 }, 'body.position_s'],
    ['a position that is not a number', { position_s: 'abc' }, 'body.position_s'],
    ['no episode', { episode_id: undefined }, 'body.episode_id'],
    ['a malformed episode id', { episode_id: 'x' }, 'body.episode_id'],
  ])('refuses %s with 10001 naming the field, saving nothing', async (_name, change, field) => {
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app, { episodes: 1 });
    const res = await save(me.token, { episode_id: episodes[0]!.id, position_s: 1, ...change });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field }] } });
    expect(await rowsOf(me.user.uid)).toBe(0);
  });

  it('answers 10002 for an unknown episode, saving nothing', async () => {
    const me = await kit.user();
    expect(envelope(await save(me.token, { episode_id: 99_999_999, position_s: 1 })).code).toBe(Code.NOT_FOUND);
    expect(await rowsOf(me.user.uid)).toBe(0);
  });

  it('answers 10027 to a visitor', async () => {
    const { episodes } = await seedDrama(kit.t.app, { episodes: 1 });
    const res = await save(undefined, { episode_id: episodes[0]!.id, position_s: 1 });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });

  describe('on a paid episode', () => {
    let me: Session;
    let locked: { id: number; dramaId: number; number: number };

    beforeAll(async () => {
      me = await kit.user();
      const { episodes } = await seedDrama(kit.t.app); // episodes 1–2 free, 3–4 paid
      locked = episodes[2]!;
    });

    it('refuses a locked one with 30002, saving nothing', async () => {
      const res = await save(me.token, { episode_id: locked.id, position_s: 2 });
      expect(envelope(res)).toMatchObject({
        code: Code.EPISODE_LOCKED,
        data: { drama_id: locked.dramaId, episode_id: locked.id, episode_number: 3 },
      });
      expect(await rowsOf(me.user.uid)).toBe(0);
    });

    it('accepts it once the viewer unlocked it', async () => {
      await exec(sql`INSERT INTO episode_unlocks (user_id, episode_id) VALUES (${me.user.uid}, ${locked.id})`);
      expect(envelope(await save(me.token, { episode_id: locked.id, position_s: 2 })).code).toBe(Code.OK);
    });

    it('accepts it from a VIP, and refuses it again when VIP has run out', async () => {
      const vip = await kit.user();
      const until = new Date(kit.clock.now().getTime() + 3600_000).toISOString();
      await exec(sql`UPDATE users SET vip_expires_at = ${until} WHERE id = ${vip.user.uid}`);
      expect(envelope(await save(vip.token, { episode_id: locked.id, position_s: 2 })).code).toBe(Code.OK);
      kit.clock.advance(3600);
      expect(envelope(await save(vip.token, { episode_id: locked.id, position_s: 4 })).code).toBe(Code.EPISODE_LOCKED);
      expect(envelope(await list(vip.token)).data.list[0].position_s).toBe(2);
    });
  });
});

describe('GET /history', () => {
  it('lists the drama watched most recently first, and pages', async () => {
    const me = await kit.user();
    const a = await seedDrama(kit.t.app, { episodes: 1 });
    const b = await seedDrama(kit.t.app, { episodes: 1 });
    await save(me.token, { episode_id: a.episodes[0]!.id, position_s: 1 });
    kit.clock.advance(10);
    await save(me.token, { episode_id: b.episodes[0]!.id, position_s: 1 });
    const ids = async () => envelope<Page<HistoryItem>>(await list(me.token)).data.list.map((item) => item.id);
    expect(await ids()).toEqual([b.drama.id, a.drama.id]);
    kit.clock.advance(10);
    await save(me.token, { episode_id: a.episodes[0]!.id, position_s: 2 });
    expect(await ids()).toEqual([a.drama.id, b.drama.id]);

    expect(envelope(await list(me.token, '?size=1')).data).toMatchObject({ total: 2, has_more: true });
    for (const size of ['0', '-1', '101', 'abc']) {
      expect(envelope(await list(me.token, `?size=${size}`))).toMatchObject({
        code: Code.INVALID_INPUT,
        data: { fields: [{ field: 'query.size' }] },
      });
    }
  });

  it('answers 10027 to a visitor', async () => {
    expect(envelope(await kit.call('GET', '/history')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('DELETE /history', () => {
  it('removes one drama (1), then nothing (0); an unknown drama is 0 too', async () => {
    const me = await kit.user();
    const a = await seedDrama(kit.t.app, { episodes: 1 });
    const b = await seedDrama(kit.t.app, { episodes: 1 });
    await save(me.token, { episode_id: a.episodes[0]!.id, position_s: 1 });
    await save(me.token, { episode_id: b.episodes[0]!.id, position_s: 1 });
    const once = await kit.call('DELETE', `/history/${a.drama.id}`, { token: me.token });
    expect(envelope(once).data).toEqual({ removed: 1 });
    expect(envelope(await kit.call('DELETE', `/history/${a.drama.id}`, { token: me.token })).data).toEqual({
      removed: 0,
    });
    expect(envelope(await kit.call('DELETE', '/history/99999999', { token: me.token })).data).toEqual({ removed: 0 });
    expect(envelope(await kit.call('DELETE', '/history/abc', { token: me.token }))).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'params.drama_id' }] },
    });
    expect(envelope<Page<HistoryItem>>(await list(me.token)).data.list.map((item) => item.id)).toEqual([b.drama.id]);
  });

  it("clears the viewer's whole history and nobody else's", async () => {
    const [me, other] = [await kit.user(), await kit.user()];
    const a = await seedDrama(kit.t.app, { episodes: 1 });
    const b = await seedDrama(kit.t.app, { episodes: 1 });
    for (const token of [me.token, other.token]) {
      await save(token, { episode_id: a.episodes[0]!.id, position_s: 1 });
      await save(token, { episode_id: b.episodes[0]!.id, position_s: 1 });
    }
    expect(envelope(await kit.call('DELETE', '/history', { token: me.token })).data).toEqual({ removed: 2 });
    expect(envelope(await kit.call('DELETE', '/history', { token: me.token })).data).toEqual({ removed: 0 });
    expect(await rowsOf(me.user.uid)).toBe(0);
    expect(await rowsOf(other.user.uid)).toBe(2);
  });

  it('answers 10027 to a visitor', async () => {
    expect(envelope(await kit.call('DELETE', '/history')).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await kit.call('DELETE', '/history/1')).code).toBe(Code.NOT_SIGNED_IN);
  });
});
