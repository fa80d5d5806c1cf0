import { Code, type ForYouPage } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, setPublishedAt, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createSocialKit, type SocialKit } from '../social/social-kit.js';

let kit: SocialKit;
// a–b and c–d are watched together; e is what everybody played this week; u is unpublished after
// the refresh; z has no free episode; the fillers make the feed longer than a page.
let a: SeededDrama, b: SeededDrama, c: SeededDrama, d: SeededDrama, e: SeededDrama, u: SeededDrama, z: SeededDrama;
let fillers: SeededDrama[];

const feed = (query = '', token?: string) => kit.call('GET', `/feed/for-you${query}`, token ? { token } : {});
const items = async (query = '', token?: string) => envelope<ForYouPage>(await feed(query, token)).data;
const ids = (page: ForYouPage) => page.list.map((item) => item.drama.id);

/** Plays of the first episode of each drama by one viewer key, stamped with the test clock. */
async function played(viewer: string, ...watched: SeededDrama[]) {
  const at = kit.clock.now().toISOString();
  for (const drama of watched) {
    await kit.t.app.database.db.execute(
      sql`INSERT INTO episode_plays (viewer_key, episode_id, day, created_at)
          VALUES (${viewer}, ${drama.episodes[0]?.id}, ${at.slice(0, 10)}, ${at}::timestamptz)`,
    );
  }
}

/** The whole feed, page by page. */
async function wholeFeed(token?: string): Promise<ForYouPage['list']> {
  const all: ForYouPage['list'] = [];
  let cursor: string | null = null;
  do {
    const page: ForYouPage = await items(cursor === null ? '' : `?cursor=${cursor}`, token);
    all.push(...page.list);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return all;
}

beforeAll(async () => {
  kit = await createSocialKit();
  const app = kit.t.app;
  a = await seedDrama(app, { hits: 1, title: { en: 'Alpha', zh: '阿尔法', tr: 'Alfa' } });
  b = await seedDrama(app, { hits: 2 });
  c = await seedDrama(app, { hits: 3, episodes: 3 });
  d = await seedDrama(app, { hits: 4 });
  e = await seedDrama(app, { hits: 5 });
  u = await seedDrama(app, { hits: 1000 });
  z = await seedDrama(app, { hits: 2000, freeEpisodes: 0 });
  fillers = [];
  for (let i = 0; i < 8; i += 1) fillers.push(await seedDrama(app, { hits: 100 + i }));
  for (let v = 0; v < 3; v += 1) {
    await played(`a:ab${v}`, a, b, u);
    await played(`a:cd${v}`, c, d);
  }
  for (let v = 0; v < 6; v += 1) await played(`a:e${v}`, e);
  await app.services.recommendationsRefresh.refresh();
  await setPublishedAt(app, u.drama.id, null);
});
afterAll(async () => {
  await kit?.close();
});

describe('GET /feed/for-you', () => {
  it('gives a visitor trending dramas: played this week first, then by hits, a page at a time', async () => {
    const first = await items();
    expect(first.list).toHaveLength(10);
    expect(first.next_cursor).toBe('10');
    expect(first.list.every((item) => item.reason === 'trending')).toBe(true);
    // e has 6 viewers this week, a and b 3 (u is gone), c and d 3; then the fillers by hits.
    expect(ids(first).slice(0, 5)).toEqual([e.drama.id, a.drama.id, b.drama.id, c.drama.id, d.drama.id]);
    expect(ids(first).slice(5)).toEqual(
      fillers
        .slice(3)
        .reverse()
        .map((f) => f.drama.id),
    );
    const all = await wholeFeed();
    expect(all).toHaveLength(13);
    expect(new Set(all.map((item) => item.drama.id)).size).toBe(13);
  });

  it('answers each drama with its opening, the first free episode, and texts in the asked language', async () => {
    const page = await items('?lang=zh');
    const alpha = page.list.find((item) => item.drama.id === a.drama.id);
    expect(alpha).toMatchObject({ episode_id: a.episodes[0]?.id, drama: { title: '阿尔法', free_episodes: 2 } });
    expect(alpha?.drama.poster).toBe(`/media/posters/${a.drama.slug}.jpg`);
  });

  it('puts dramas like the ones a viewer collected first', async () => {
    const me = await kit.user();
    await kit.call('PUT', `/favorites/${a.drama.id}`, { token: me.token });
    const page = await items('', me.token);
    expect(page.list[0]).toMatchObject({ drama: { id: b.drama.id }, reason: 'similar' });
    // Then the trending turn: the most watched this week.
    expect(page.list[1]).toMatchObject({ drama: { id: e.drama.id }, reason: 'trending' });
  });

  it('leaves out the dramas a viewer finished, and ranks by them', async () => {
    const me = await kit.user();
    const last = c.episodes[c.episodes.length - 1];
    await kit.t.app.database.db.execute(
      sql`INSERT INTO watch_history (user_id, drama_id, episode_id, position_s) VALUES (${me.user.uid}, ${c.drama.id}, ${last?.id}, 5)`,
    );
    const all = await wholeFeed(me.token);
    expect(all[0]).toMatchObject({ drama: { id: d.drama.id }, reason: 'similar' });
    expect(all.map((item) => item.drama.id)).not.toContain(c.drama.id);
    expect(all).toHaveLength(12);
  });

  it('keeps a drama the viewer only started', async () => {
    const me = await kit.user();
    await kit.t.app.database.db.execute(
      sql`INSERT INTO watch_history (user_id, drama_id, episode_id, position_s) VALUES (${me.user.uid}, ${c.drama.id}, ${c.episodes[0]?.id}, 5)`,
    );
    const all = await wholeFeed(me.token);
    expect(all[0]).toMatchObject({ drama: { id: d.drama.id }, reason: 'similar' });
    expect(all.map((item) => item.drama.id)).toContain(c.drama.id);
  });

  it('never shows an unpublished drama, even as a neighbour, nor one without a free episode', async () => {
    const me = await kit.user();
    await kit.call('PUT', `/favorites/${b.drama.id}`, { token: me.token });
    const stored = await kit.scalar(
      sql`SELECT count(*) FROM drama_neighbours WHERE drama_id = ${b.drama.id} AND neighbour_id = ${u.drama.id}`,
    );
    expect(stored).toBe(1);
    for (const token of [me.token, undefined]) {
      const shown = (await wholeFeed(token)).map((item) => item.drama.id);
      expect(shown).not.toContain(u.drama.id);
      expect(shown).not.toContain(z.drama.id);
    }
  });

  it('refuses a cursor that no page gave with 10001, and ends past the last page', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999']) {
      const res = await feed(`?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'query.cursor' }] } });
    }
    expect(await items('?cursor=500')).toEqual({ list: [], next_cursor: null });
  });

  it('answers a refused session as any signed-in route does', async () => {
    expect(envelope(await feed('', 'not-a-token')).code).toBe(Code.NOT_SIGNED_IN);
  });
});
