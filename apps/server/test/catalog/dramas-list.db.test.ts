import { Code, type DramaCard, type InvalidInputData, type Page } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let zebra: SeededDrama, apple: SeededDrama, mango: SeededDrama, percent: SeededDrama, under: SeededDrama;

beforeAll(async () => {
  t = await createTestApp();
  zebra = await seedDrama(t.app, {
    title: { en: 'Zebra Crossing', zh: '斑马线', tr: 'Yaya Geçidi' },
    hits: 5,
    likes: 50,
  });
  apple = await seedDrama(t.app, { title: { en: 'apple of Discord', zh: '金苹果' }, hits: 30, likes: 10 });
  mango = await seedDrama(t.app, {
    title: { en: 'Mango Summer', zh: '芒果之夏', tr: 'Mango Yazı' },
    hits: 30,
    likes: 70,
  });
  percent = await seedDrama(t.app, { title: { en: '100% Love' }, hits: 1, likes: 1 });
  under = await seedDrama(t.app, { title: { en: 'Under_score' }, hits: 0, likes: 0 });
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/dramas${query}`, headers });
const idsOf = async (query: string) => envelope<Page<DramaCard>>(await list(query)).data.list.map((d) => d.id);

describe('GET /dramas sorting', () => {
  it('sorts by hits by default (ties by id)', async () => {
    expect(await idsOf('')).toEqual([apple, mango, zebra, percent, under].map((d) => d.drama.id));
    expect(await idsOf('?sort=hits')).toEqual(await idsOf(''));
  });
  it('sorts by likes', async () => {
    expect(await idsOf('?sort=likes')).toEqual([mango, zebra, apple, percent, under].map((d) => d.drama.id));
  });
  it('sorts A to Z by the English title, case-insensitively', async () => {
    expect(await idsOf('?sort=az')).toEqual([percent, apple, mango, under, zebra].map((d) => d.drama.id));
  });
});

describe('GET /dramas search', () => {
  it('finds a case-insensitive substring of the title in any language', async () => {
    expect(await idsOf('?q=MANGO')).toEqual([mango.drama.id]);
    expect(await idsOf(`?q=${encodeURIComponent('苹果')}`)).toEqual([apple.drama.id]);
    expect(await idsOf(`?q=${encodeURIComponent('geçidi')}`)).toEqual([zebra.drama.id]);
    expect(await idsOf('?q=nothing-like-this')).toEqual([]);
  });
  it('matches % and _ literally', async () => {
    expect(await idsOf(`?q=${encodeURIComponent('%')}`)).toEqual([percent.drama.id]);
    expect(await idsOf('?q=_')).toEqual([under.drama.id]);
    expect(await idsOf(`?q=${encodeURIComponent('\\')}`)).toEqual([]);
  });
  it('lists everything for a blank query', async () => {
    expect(await idsOf('?q=%20%20')).toHaveLength(5);
  });
  it('answers titles in the asked language', async () => {
    const res = await list(`?q=mango&lang=zh`);
    expect(envelope(res).data.list[0].title).toBe('芒果之夏');
    const viaHeader = await list(`?q=mango`, { 'accept-language': 'tr' });
    expect(envelope(viaHeader).data.list[0].title).toBe('Mango Yazı');
  });
});

describe('GET /dramas paging', () => {
  it('pages with total and has_more', async () => {
    const first = envelope<Page<DramaCard>>(await list('?sort=az&page=1&size=2')).data;
    expect(first).toMatchObject({ page: 1, size: 2, total: 5, has_more: true });
    expect(first.list.map((d) => d.id)).toEqual([percent.drama.id, apple.drama.id]);
    const last = envelope<Page<DramaCard>>(await list('?sort=az&page=3&size=2')).data;
    expect(last).toMatchObject({ page: 3, size: 2, total: 5, has_more: false });
    expect(last.list.map((d) => d.id)).toEqual([zebra.drama.id]);
    const beyond = envelope<Page<DramaCard>>(await list('?sort=az&page=9&size=2')).data;
    expect(beyond).toMatchObject({ list: [], total: 5, has_more: false });
  });
  it('defaults to page 1 of 20', async () => {
    expect(envelope<Page<DramaCard>>(await list('')).data).toMatchObject({
      page: 1,
      size: 20,
      total: 5,
      has_more: false,
    });
  });
  it('counts the search, not the catalogue', async () => {
    expect(envelope<Page<DramaCard>>(await list('?q=ng&size=1')).data).toMatchObject({ total: 2, has_more: true });
  });
});

describe('GET /dramas bad input', () => {
  it.each([
    ['?size=0', 'query.size'],
    ['?size=-5', 'query.size'],
    ['?size=101', 'query.size'],
    ['?size=100000000', 'query.size'],
    ['?size=ten', 'query.size'],
    ['?size=1.5', 'query.size'],
    ['?page=0', 'query.page'],
    ['?page=-1', 'query.page'],
    ['?page=abc', 'query.page'],
    ['?sort=newest', 'query.sort'],
    ['?sort=', 'query.sort'],
    [`?q=${'x'.repeat(500)}`, 'query.q'],
  ])('%s → 10001 naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    const body = envelope<InvalidInputData>(res);
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(body.data.fields.map((f) => f.field)).toContain(field);
  });
});
