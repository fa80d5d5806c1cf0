import { Code, type FavoriteItem, type Page } from '@cliffhanger/contract';
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

const add = (id: number | string, token?: string) => kit.call('PUT', `/favorites/${id}`, token ? { token } : {});
const remove = (id: number | string, token?: string) => kit.call('DELETE', `/favorites/${id}`, token ? { token } : {});
const list = (token: string, query = '', headers: Record<string, string> = {}) =>
  kit.call('GET', `/favorites${query}`, { token, headers });
const rowsOf = (userId: number) => kit.scalar(sql`SELECT count(*) FROM favorites WHERE user_id = ${userId}`);

describe('PUT /favorites/:drama_id', () => {
  it('adds a drama once, however often it is sent', async () => {
    const { drama } = await seedDrama(kit.t.app);
    const me = await kit.user();
    const res = await add(drama.id, me.token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ favorited: true });
    expect(envelope(await add(drama.id, me.token)).data).toEqual({ favorited: true });
    expect(await rowsOf(me.user.uid)).toBe(1);
  });

  it('answers 10002 for an unknown drama and 10001 for a malformed id, storing nothing', async () => {
    const me = await kit.user();
    expect(envelope(await add(99_999_999, me.token)).code).toBe(Code.NOT_FOUND);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect(envelope(await add(bad, me.token))).toMatchObject({
        code: Code.INVALID_INPUT,
        data: { fields: [{ field: 'params.drama_id' }] },
      });
    }
    expect(await rowsOf(me.user.uid)).toBe(0);
  });

  it('answers 10027 to a visitor on every favourites endpoint', async () => {
    const { drama } = await seedDrama(kit.t.app);
    expect(envelope(await add(drama.id)).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await remove(drama.id)).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await kit.call('GET', '/favorites')).code).toBe(Code.NOT_SIGNED_IN);
    expect(await kit.scalar(sql`SELECT count(*) FROM favorites WHERE drama_id = ${drama.id}`)).toBe(0);
  });
});

describe('GET /favorites', () => {
  it('lists drama cards newest first, with the date each was added', async () => {
    const me = await kit.user();
    const a = await seedDrama(kit.t.app, { title: { en: 'Alpha', zh: '阿尔法', tr: 'Alfa' } });
    const b = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 1 });
    const addedA = kit.clock.now().toISOString();
    await add(a.drama.id, me.token);
    kit.clock.advance(5);
    await add(b.drama.id, me.token);
    // A repeat keeps the original date, so it does not jump to the top.
    kit.clock.advance(5);
    await add(a.drama.id, me.token);

    const res = await list(me.token);
    expect(res.statusCode).toBe(200);
    const page = envelope<Page<FavoriteItem>>(res).data;
    expect(page).toMatchObject({ page: 1, size: 20, total: 2, has_more: false });
    expect(page.list.map((d) => d.id)).toEqual([b.drama.id, a.drama.id]);
    expect(page.list[1]).toEqual({
      id: a.drama.id,
      title: 'Alpha',
      poster: `/media/${a.drama.poster}`,
      tags: ['romance'],
      genres: [],
      hits: 0,
      likes: 0,
      episode_count: 4,
      free_episodes: 2,
      favorited_at: addedA,
    });
    expect(page.list[0]).toMatchObject({ episode_count: 3, free_episodes: 1 });
  });

  it('titles cards in the lang query, else the Accept-Language, else English', async () => {
    const me = await kit.user();
    const { drama } = await seedDrama(kit.t.app, { title: { en: 'Night Bride', zh: '夜嫁', tr: 'Gece Gelini' } });
    await add(drama.id, me.token);
    const titleOf = async (query: string, headers: Record<string, string> = {}) =>
      envelope<Page<FavoriteItem>>(await list(me.token, query, headers)).data.list[0]?.title;
    expect(await titleOf('?lang=zh')).toBe('夜嫁');
    expect(await titleOf('?lang=en', { 'accept-language': 'tr' })).toBe('Night Bride');
    expect(await titleOf('', { 'accept-language': 'fr-FR, tr-TR;q=0.9, en;q=0.5' })).toBe('Gece Gelini');
    expect(await titleOf('')).toBe('Night Bride');
    expect(envelope(await list(me.token, '?lang=fr'))).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'query.lang' }] },
    });
  });

  it('pages, and refuses bad page sizes with 10001', async () => {
    const me = await kit.user();
    for (let i = 0; i < 3; i += 1) {
      const { drama } = await seedDrama(kit.t.app, { episodes: 1 });
      await add(drama.id, me.token);
      kit.clock.advance(1);
    }
    expect(envelope(await list(me.token, '?size=2')).data).toMatchObject({ total: 3, has_more: true });
    expect(envelope(await list(me.token, '?size=2&page=2')).data.list).toHaveLength(1);
    for (const size of ['0', '-1', '101', 'abc']) {
      expect(envelope(await list(me.token, `?size=${size}`))).toMatchObject({
        code: Code.INVALID_INPUT,
        data: { fields: [{ field: 'query.size' }] },
      });
    }
  });

  it("shows only the viewer's own list", async () => {
    const [me, other] = [await kit.user(), await kit.user()];
    const { drama } = await seedDrama(kit.t.app, { episodes: 1 });
    await add(drama.id, other.token);
    expect(envelope(await list(me.token)).data).toMatchObject({ list: [], total: 0, has_more: false });
  });
});

describe('DELETE /favorites/:drama_id', () => {
  it('removes a drama; repeats and never-added are no-ops', async () => {
    const me = await kit.user();
    const { drama } = await seedDrama(kit.t.app, { episodes: 1 });
    await add(drama.id, me.token);
    const res = await remove(drama.id, me.token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ favorited: false });
    expect(envelope(await remove(drama.id, me.token)).data).toEqual({ favorited: false });
    expect(envelope(await list(me.token)).data.total).toBe(0);
  });

  it('answers 10002 for an unknown drama and leaves the list as it was', async () => {
    const me = await kit.user();
    const { drama } = await seedDrama(kit.t.app, { episodes: 1 });
    await add(drama.id, me.token);
    expect(envelope(await remove(99_999_999, me.token)).code).toBe(Code.NOT_FOUND);
    expect(await rowsOf(me.user.uid)).toBe(1);
  });
});
