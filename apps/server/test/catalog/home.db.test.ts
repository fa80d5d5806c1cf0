import { Code, type Home } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getHome = (query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/home${query}`, headers });
const ids = (cards: { id?: number; drama_id?: number }[]) => cards.map((c) => c.id ?? c.drama_id);

describe('GET /home', () => {
  it('answers empty shelves for an empty catalogue', async () => {
    const res = await getHome();
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ banners: [], recommended: [], hot: [], latest: [] });
  });

  describe('with a catalogue', () => {
    let a: SeededDrama, b: SeededDrama, c: SeededDrama, d: SeededDrama;
    let fillers: SeededDrama[];

    beforeAll(async () => {
      a = await seedDrama(t.app, { hits: 50, likes: 5, bannerRank: 2, publishedAt: new Date('2026-01-01T00:00:00Z') });
      b = await seedDrama(t.app, {
        hits: 100,
        likes: 1,
        bannerRank: 1,
        recommendRank: 2,
        publishedAt: new Date('2026-02-01T00:00:00Z'),
        title: { en: 'Bride of the Night', zh: '夜嫁', tr: 'Gecenin Gelini' },
      });
      c = await seedDrama(t.app, {
        hits: 10,
        likes: 99,
        recommendRank: 1,
        publishedAt: new Date('2026-03-01T00:00:00Z'),
      });
      // Same hits as b, later id: the tie is broken by id.
      d = await seedDrama(t.app, { hits: 100, likes: 2, publishedAt: new Date('2026-03-01T00:00:00Z') });
      fillers = [];
      for (let i = 0; i < 8; i += 1) {
        fillers.push(await seedDrama(t.app, { hits: i, likes: 0, publishedAt: new Date('2025-06-01T00:00:00Z') }));
      }
    });

    it('orders banners and recommended by editorial rank, hot by hits and latest by publication', async () => {
      const home = envelope<Home>(await getHome()).data;
      expect(ids(home.banners)).toEqual([b.drama.id, a.drama.id]);
      expect(ids(home.recommended)).toEqual([c.drama.id, b.drama.id]);
      expect(ids(home.hot).slice(0, 4)).toEqual([b.drama.id, d.drama.id, a.drama.id, c.drama.id]);
      // c and d share a publication time: the lower id first.
      expect(ids(home.latest).slice(0, 4)).toEqual([c.drama.id, d.drama.id, b.drama.id, a.drama.id]);
    });

    it('caps every shelf at 10', async () => {
      const home = envelope<Home>(await getHome()).data;
      expect(home.hot).toHaveLength(10);
      expect(home.latest).toHaveLength(10);
      // The two least played fillers fall off the hot shelf.
      expect(ids(home.hot)).not.toContain(fillers[0]?.drama.id);
      expect(ids(home.hot)).not.toContain(fillers[1]?.drama.id);
    });

    it('answers cards and banners with public media URLs', async () => {
      const home = envelope<Home>(await getHome()).data;
      expect(home.banners[0]).toEqual({
        drama_id: b.drama.id,
        title: 'Bride of the Night',
        image: `/media/banners/${b.drama.slug}.jpg`,
      });
      expect(home.hot[0]).toEqual({
        id: b.drama.id,
        title: 'Bride of the Night',
        poster: `/media/posters/${b.drama.slug}.jpg`,
        tags: ['romance'],
        genres: [],
        hits: 100,
        likes: 1,
        episode_count: 4,
        free_episodes: 2,
      });
    });

    it('localises titles by lang, else Accept-Language, else English', async () => {
      expect(envelope<Home>(await getHome('?lang=zh')).data.banners[0]?.title).toBe('夜嫁');
      expect(
        envelope<Home>(await getHome('', { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' })).data.hot[0]?.title,
      ).toBe('Gecenin Gelini');
      expect(envelope<Home>(await getHome('?lang=en', { 'accept-language': 'zh' })).data.hot[0]?.title).toBe(
        'Bride of the Night',
      );
      expect(envelope<Home>(await getHome('', { 'accept-language': 'de' })).data.hot[0]?.title).toBe(
        'Bride of the Night',
      );
    });

    it('falls back to the most played (banners, 5) and the most liked (recommended) when nothing is ranked', async () => {
      await t.app.database.db.execute(sql`update dramas set banner_rank = null, recommend_rank = null`);
      await t.app.services.catalogChanges.publish();
      const home = envelope<Home>(await getHome()).data;
      expect(ids(home.banners)).toEqual([b.drama.id, d.drama.id, a.drama.id, c.drama.id, fillers[7]?.drama.id]);
      expect(ids(home.recommended).slice(0, 4)).toEqual([c.drama.id, a.drama.id, d.drama.id, b.drama.id]);
      expect(home.recommended).toHaveLength(10);
    });

    it('refuses an unknown language with 10001 naming the field', async () => {
      const res = await getHome('?lang=de');
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'query.lang' }] } });
    });
  });
});
