import { Code, type DramaCard, type Page } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, setPublishedAt, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let romance: SeededDrama, romanceCeo: SeededDrama, thriller: SeededDrama, unfiled: SeededDrama;

beforeAll(async () => {
  t = await createTestApp();
  romance = await seedDrama(t.app, { genres: ['romance'], hits: 30, title: { en: 'Moon Vows' } });
  romanceCeo = await seedDrama(t.app, { genres: ['ceo', 'romance'], hits: 20, title: { en: 'Contract Bride' } });
  thriller = await seedDrama(t.app, { genres: ['thriller'], hits: 10, title: { en: 'Night Ledger' } });
  unfiled = await seedDrama(t.app, { hits: 40 });
});
afterAll(async () => {
  await t?.close();
});

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/dramas${query}` });
  return { res, body: envelope<Page<DramaCard>>(res) };
};
const ids = (page: Page<DramaCard>) => page.list.map((card) => card.id);

describe('GET /dramas?genre=', () => {
  it('lists only the dramas filed under the genre, in the asked order, with their genres', async () => {
    const { body } = await list('?genre=romance');
    expect(ids(body.data)).toEqual([romance.drama.id, romanceCeo.drama.id]);
    expect(body.data.total).toBe(2);
    expect(body.data.list[1]?.genres).toEqual(['ceo', 'romance']);

    const az = (await list('?genre=romance&sort=az')).body.data;
    expect(ids(az)).toEqual([romanceCeo.drama.id, romance.drama.id]);
  });

  it('combines with the title search and the paging', async () => {
    expect(ids((await list('?genre=romance&q=bride')).body.data)).toEqual([romanceCeo.drama.id]);
    const first = (await list('?genre=romance&size=1')).body.data;
    expect(ids(first)).toEqual([romance.drama.id]);
    expect(first.has_more).toBe(true);
  });

  it('without a genre lists every drama, genres or none', async () => {
    const all = (await list('')).body.data;
    expect(ids(all)).toEqual([unfiled.drama.id, romance.drama.id, romanceCeo.drama.id, thriller.drama.id]);
    expect(all.list[0]?.genres).toEqual([]);
  });

  it('answers an empty page for a genre nobody is filed under', async () => {
    expect((await list('?genre=werewolf')).body.data).toMatchObject({ list: [], total: 0, has_more: false });
  });

  it('leaves out an unpublished drama of the genre', async () => {
    await setPublishedAt(t.app, thriller.drama.id, null);
    expect(ids((await list('?genre=thriller')).body.data)).toEqual([]);
  });

  it.each(['zombie', 'Romance', '', 'romance,ceo'])(
    'refuses the genre %j with 10001 naming the field',
    async (genre) => {
      const { res, body } = await list(`?genre=${encodeURIComponent(genre)}`);
      expect(res.statusCode).toBe(400);
      expect(body.code).toBe(Code.INVALID_INPUT);
      expect(JSON.stringify(body)).toContain('genre');
    },
  );
});
