import { Code, type DramaDetail } from '@cliffhanger/contract';
import type { ConsoleDrama, ConsoleDramaRow } from '@cliffhanger/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dramas } from '../../src/db/catalog.schema.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { auditOf, consoleCaller } from '../helpers/console-catalogue.js';
import { signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** The console's dramas over HTTP: list, one drama, create, edit, prices, release; each write audited. */
let t: TestApp;
const clock = new TestClock();
let editor: ConsoleOperator;
let api: ReturnType<typeof consoleCaller>;

const newDrama = (overrides: Record<string, unknown> = {}) => ({
  title: { en: 'The Midnight Heir', zh: '午夜继承人' },
  synopsis: { en: 'An heir at midnight.\nA second line.' },
  tags: ['romance'],
  episode_price: 30,
  all_price: 80,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<ConsoleDrama> {
  const response = await api.send('POST', '/catalogue/dramas', newDrama(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return envelope<ConsoleDrama>(response).data;
}

async function signIn(): Promise<void> {
  editor = await signedInOperator(t.app, clock, 'editor');
  api = consoleCaller(t.app, editor);
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  await signIn();
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('lets editors and admins in, and refuses support and finance with 80004', async () => {
    const admin = consoleCaller(t.app, await signedInOperator(t.app, clock, 'admin'));
    expect((await admin.get('/catalogue/dramas')).statusCode).toBe(200);
    for (const role of ['support', 'finance'] as const) {
      const other = consoleCaller(t.app, await signedInOperator(t.app, clock, role));
      expect(envelope(await other.get('/catalogue/dramas')).code).toBe(Code.OPERATOR_ROLE_FORBIDDEN);
      expect(envelope(await other.send('POST', '/catalogue/dramas', newDrama())).code).toBe(
        Code.OPERATOR_ROLE_FORBIDDEN,
      );
    }
  });

  it('refuses a write without the console request header (80006)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/console/api/v1/catalogue/dramas',
      headers: { cookie: editor.cookie },
      payload: newDrama(),
    });
    expect(envelope(response).code).toBe(Code.CONSOLE_REQUEST_HEADER_MISSING);
  });
});

describe('creating a drama', () => {
  it('makes a drama that is not published, its slug from the English title, and audits it', async () => {
    const drama = await create({
      title: { en: 'Çağla’s Secret Wedding!', tr: 'Çağla’nın Gizli Düğünü' },
      reason: 'new series',
    });
    expect(drama).toMatchObject({
      slug: 'cagla-s-secret-wedding',
      status: 'not_published',
      published_at: null,
      poster: '',
      banner: '',
      episodes: [],
      free_episodes: 5,
      episode_price: 30,
      all_price: 80,
      synopsis: { en: 'An heir at midnight.\nA second line.' },
    });
    const [entry] = await auditOf(t.app, `drama:${drama.id}`);
    expect(entry).toMatchObject({
      operatorId: editor.id,
      action: 'drama.create',
      before: null,
      after: { slug: 'cagla-s-secret-wedding', title: { en: 'Çağla’s Secret Wedding!' }, published_at: null },
      reason: 'new series',
    });
  });

  it('gives a second drama of the same title the next free slug', async () => {
    const first = await create({ title: { en: 'Twin Flames' } });
    const second = await create({ title: { en: 'Twin Flames' } });
    const third = await create({ title: { en: 'twin  flames' } });
    expect([first.slug, second.slug, third.slug]).toEqual(['twin-flames', 'twin-flames-2', 'twin-flames-3']);
  });

  it('names a title without Latin letters "drama"', async () => {
    expect((await create({ title: { en: '契约' } })).slug).toMatch(/^drama(-\d+)?$/);
  });

  it.each([
    ['no English title', { title: { zh: '没有英文' } }, 'body.title.en'],
    ['an empty English title', { title: { en: '   ' } }, 'body.title.en'],
    ['a title over 200 characters', { title: { en: 'x'.repeat(201) } }, 'body.title.en'],
    ['a language we do not have', { title: { en: 'A', fr: 'B' } }, 'body.title'],
    ['a negative price', { episode_price: -1 }, 'body.episode_price'],
    ['a fractional price', { all_price: 9.5 }, 'body.all_price'],
    ['a price over the maximum', { all_price: 1_000_001 }, 'body.all_price'],
    ['a tag listed twice', { tags: ['a', 'a'] }, 'body.tags'],
    ['a control character in a title', { title: { en: 'A\u0000B' } }, 'body.title.en'],
  ])('refuses %s with 10001 naming the field, and creates nothing', async (_name, overrides, field) => {
    const before = await t.app.database.db.$count(dramas);
    const response = await api.send('POST', '/catalogue/dramas', newDrama(overrides));
    expect(response.statusCode).toBe(400);
    const body = envelope<{ fields: { field: string }[] }>(response);
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(body.data.fields.map((f) => f.field)).toContain(field);
    expect(await t.app.database.db.$count(dramas)).toBe(before);
  });
});

describe('one drama', () => {
  it('answers the drama with its episodes: number, titles, duration, free or paid, price, subtitles, media', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 3, freeEpisodes: 1, episodePrice: 25 });
    const body = envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`));
    expect(body.data.status).toBe('published');
    expect(body.data.episodes).toEqual([
      expect.objectContaining({ number: 1, free: true, price: 0, subtitles: ['zh', 'en', 'tr'], media_ready: true }),
      expect.objectContaining({ number: 2, free: false, price: 25, duration_s: 6 }),
      expect.objectContaining({ number: 3, title: { en: 'Episode 3', zh: '第3集', tr: 'Bölüm 3' } }),
    ]);
  });

  it('answers 404 for an unknown drama, and 10001 for an id that is not one', async () => {
    expect(envelope(await api.get('/catalogue/dramas/999999')).code).toBe(Code.NOT_FOUND);
    expect((await api.get('/catalogue/dramas/999999')).statusCode).toBe(404);
    expect(envelope(await api.get('/catalogue/dramas/abc')).code).toBe(Code.INVALID_INPUT);
  });
});

describe('editing a drama', () => {
  it('replaces the fields sent and audits only what changed, before and after', async () => {
    const drama = await create({ title: { en: 'Old Name' }, tags: ['ceo'] });
    const response = await api.send('PUT', `/catalogue/dramas/${drama.id}`, {
      title: { en: 'New Name', tr: 'Yeni Ad' },
      tags: ['ceo'],
      reason: 'typo',
    });
    const updated = envelope<ConsoleDrama>(response).data;
    expect(updated.title).toEqual({ en: 'New Name', tr: 'Yeni Ad' });
    expect(updated.slug).toBe(drama.slug);
    expect(updated.synopsis).toEqual(drama.synopsis);
    const entries = await auditOf(t.app, `drama:${drama.id}`);
    expect(entries.at(-1)).toMatchObject({
      action: 'drama.update',
      before: { title: { en: 'Old Name' } },
      after: { title: { en: 'New Name', tr: 'Yeni Ad' } },
      reason: 'typo',
    });
    expect(Object.keys(entries.at(-1)!.after as object)).toEqual(['title']);
  });

  it('writes no audit entry when nothing changes', async () => {
    const drama = await create();
    const count = (await auditOf(t.app, `drama:${drama.id}`)).length;
    await api.send('PUT', `/catalogue/dramas/${drama.id}`, { tags: drama.tags });
    expect(await auditOf(t.app, `drama:${drama.id}`)).toHaveLength(count);
  });

  it("files a drama under genres, audits them, and the viewers' genre filter follows at once", async () => {
    const { drama } = await seedDrama(t.app, { title: { en: 'Wolf Moon' } });
    const viewerList = async () =>
      envelope<{ list: { id: number; genres: string[] }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/v1/dramas?genre=werewolf' }),
      ).data.list;
    expect(await viewerList()).toEqual([]);

    const response = await api.send('PUT', `/catalogue/dramas/${drama.id}`, { genres: ['werewolf', 'fantasy'] });
    expect(envelope<ConsoleDrama>(response).data.genres).toEqual(['werewolf', 'fantasy']);
    expect((await auditOf(t.app, `drama:${drama.id}`)).at(-1)).toMatchObject({
      action: 'drama.update',
      before: { genres: [] },
      after: { genres: ['werewolf', 'fantasy'] },
    });
    expect(await viewerList()).toEqual([expect.objectContaining({ id: drama.id, genres: ['werewolf', 'fantasy'] })]);
  });

  it.each([
    ['an unknown genre', ['romance', 'zombie']],
    ['a fourth genre', ['romance', 'ceo', 'family', 'comedy']],
    ['a genre twice', ['ceo', 'ceo']],
  ])('refuses %s with 10001 naming the field, and changes nothing', async (_name, genres) => {
    const drama = await create({ genres: ['romance'] });
    const body = envelope(await api.send('PUT', `/catalogue/dramas/${drama.id}`, { genres }));
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(JSON.stringify(body.data)).toContain('body.genres');
    expect(envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`)).data.genres).toEqual(['romance']);
  });

  it('refuses an empty change, a missing English title and an unknown drama', async () => {
    const drama = await create();
    expect(envelope(await api.send('PUT', `/catalogue/dramas/${drama.id}`, {})).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await api.send('PUT', `/catalogue/dramas/${drama.id}`, { title: { zh: '只有中文' } })).code).toBe(
      Code.INVALID_INPUT,
    );
    expect(envelope(await api.send('PUT', '/catalogue/dramas/999999', { tags: [] })).code).toBe(Code.NOT_FOUND);
  });
});

describe('pricing', () => {
  it('sets free episodes and prices, audits them, and the viewer sees the new prices at once', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 4, freeEpisodes: 2, episodePrice: 30, allPrice: 100 });
    const viewerBefore = envelope<DramaDetail>(
      await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${drama.id}` }),
    ).data;
    expect(viewerBefore.episodes.map((e) => e.price)).toEqual([0, 0, 30, 30]);

    const response = await api.send('PUT', `/catalogue/dramas/${drama.id}/pricing`, {
      free_episodes: 1,
      episode_price: 45,
      all_price: 100,
      reason: 'launch price',
    });
    const updated = envelope<ConsoleDrama>(response).data;
    expect(updated).toMatchObject({ free_episodes: 1, episode_price: 45, all_price: 100 });
    expect(updated.episodes.map((e) => [e.free, e.price])).toEqual([
      [true, 0],
      [false, 45],
      [false, 45],
      [false, 45],
    ]);

    const [entry] = (await auditOf(t.app, `drama:${drama.id}`)).filter((e) => e.action === 'drama.price');
    expect(entry).toMatchObject({
      before: { free_episodes: 2, episode_price: 30 },
      after: { free_episodes: 1, episode_price: 45 },
      reason: 'launch price',
    });
    expect(entry!.after).not.toHaveProperty('all_price');

    const viewer = envelope<DramaDetail>(await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${drama.id}` })).data;
    expect(viewer.free_episodes).toBe(1);
    expect(viewer.episodes.map((e) => e.price)).toEqual([0, 45, 45, 45]);
    expect(viewer.prices).toMatchObject({ episode: 45, all: 100 });
  });

  it.each([
    ['a negative price', { free_episodes: 1, episode_price: -5, all_price: 10 }, 'body.episode_price'],
    ['a price over the maximum', { free_episodes: 1, episode_price: 5, all_price: 2_000_000 }, 'body.all_price'],
    ['a negative free count', { free_episodes: -1, episode_price: 5, all_price: 10 }, 'body.free_episodes'],
    ['a missing field', { free_episodes: 1, episode_price: 5 }, 'body.all_price'],
  ])('refuses %s and changes nothing', async (_name, body, field) => {
    const drama = await create();
    const response = await api.send('PUT', `/catalogue/dramas/${drama.id}/pricing`, body);
    const answer = envelope<{ fields: { field: string }[] }>(response);
    expect(answer.code).toBe(Code.INVALID_INPUT);
    expect(answer.data.fields.map((f) => f.field)).toContain(field);
    const after = envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`)).data;
    expect(after).toMatchObject({ free_episodes: 5, episode_price: 30, all_price: 80 });
  });

  it('answers 404 for an unknown drama', async () => {
    const response = await api.send('PUT', '/catalogue/dramas/999999/pricing', {
      free_episodes: 1,
      episode_price: 5,
      all_price: 10,
    });
    expect(envelope(response).code).toBe(Code.NOT_FOUND);
  });
});

describe('release: publish, unpublish, schedule', () => {
  it('publishes now, unpublishes, and audits both; the viewer sees the drama only while published', async () => {
    const { drama } = await seedDrama(t.app, { publishedAt: null });
    const viewer = () => t.app.inject({ method: 'GET', url: `/api/v1/dramas/${drama.id}` });

    const published = envelope<ConsoleDrama>(
      await api.send('POST', `/catalogue/dramas/${drama.id}/publish`, { reason: 'ready' }),
    ).data;
    expect(published).toMatchObject({ status: 'published', published_at: clock.now().toISOString() });
    expect(envelope(await viewer()).code).toBe(Code.OK);

    const hidden = envelope<ConsoleDrama>(await api.send('POST', `/catalogue/dramas/${drama.id}/unpublish`, {})).data;
    expect(hidden).toMatchObject({ status: 'not_published', published_at: null });
    expect(envelope(await viewer()).code).toBe(Code.NOT_FOUND);

    const entries = (await auditOf(t.app, `drama:${drama.id}`)).map((e) => [e.action, e.before, e.after, e.reason]);
    expect(entries).toEqual([
      ['drama.publish', { published_at: null }, { published_at: clock.now().toISOString() }, 'ready'],
      ['drama.unpublish', { published_at: clock.now().toISOString() }, { published_at: null }, ''],
    ]);
  });

  it('keeps the release time of a drama already published, without an audit entry', async () => {
    const { drama } = await seedDrama(t.app);
    const answer = envelope<ConsoleDrama>(await api.send('POST', `/catalogue/dramas/${drama.id}/publish`, {})).data;
    expect(answer.published_at).toBe(drama.publishedAt!.toISOString());
    expect(await auditOf(t.app, `drama:${drama.id}`)).toHaveLength(0);
  });

  it('refuses to publish or schedule a drama without a poster or an episode (80015)', async () => {
    const drama = await create();
    const response = await api.send('POST', `/catalogue/dramas/${drama.id}/publish`, {});
    expect(response.statusCode).toBe(409);
    expect(envelope(response)).toMatchObject({ code: Code.DRAMA_NOT_READY, data: { missing: ['poster', 'episodes'] } });
    const later = new Date(clock.now().getTime() + 86_400_000).toISOString();
    const scheduled = await api.send('POST', `/catalogue/dramas/${drama.id}/schedule`, { published_at: later });
    expect(envelope(scheduled).code).toBe(Code.DRAMA_NOT_READY);
    expect(envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`)).data.status).toBe('not_published');
  });

  it('schedules a release to come: scheduled until then, published after', async () => {
    const { drama } = await seedDrama(t.app, { publishedAt: null });
    const at = new Date(clock.now().getTime() + 3 * 3600_000).toISOString();
    const answer = await api.send('POST', `/catalogue/dramas/${drama.id}/schedule`, {
      published_at: at,
      reason: 'Friday',
    });
    expect(envelope<ConsoleDrama>(answer).data).toMatchObject({ status: 'scheduled', published_at: at });
    expect((await auditOf(t.app, `drama:${drama.id}`)).at(-1)).toMatchObject({
      action: 'drama.schedule',
      before: { published_at: null },
      after: { published_at: at },
    });
    const list = envelope<{ list: ConsoleDramaRow[] }>(await api.get('/catalogue/dramas?status=scheduled&size=100'));
    expect(list.data.list.map((d) => d.id)).toContain(drama.id);

    clock.advance(3 * 3600 + 1);
    // Three idle hours end the session (30 minutes): sign in again.
    await signIn();
    expect(envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`)).data.status).toBe('published');
  });

  it.each([
    ['in the past', -60_000, 'must be in the future'],
    ['now', 0, 'must be in the future'],
    ['too far ahead', 731 * 86_400_000, 'within 730 days'],
  ])('refuses a release time %s with 10001 on body.published_at', async (_name, offsetMs, message) => {
    const { drama } = await seedDrama(t.app, { publishedAt: null });
    const at = new Date(clock.now().getTime() + offsetMs).toISOString();
    const response = await api.send('POST', `/catalogue/dramas/${drama.id}/schedule`, { published_at: at });
    expect(envelope(response)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'body.published_at', message: expect.stringContaining(message) }] },
    });
    expect(envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`)).data.published_at).toBeNull();
  });

  it('refuses a release time that is not a date-time, and an unknown drama', async () => {
    const { drama } = await seedDrama(t.app);
    expect(
      envelope(await api.send('POST', `/catalogue/dramas/${drama.id}/schedule`, { published_at: 'soon' })).code,
    ).toBe(Code.INVALID_INPUT);
    expect(envelope(await api.send('POST', '/catalogue/dramas/999999/publish', {})).code).toBe(Code.NOT_FOUND);
    expect(envelope(await api.send('POST', '/catalogue/dramas/999999/unpublish', {})).code).toBe(Code.NOT_FOUND);
  });
});

describe('the list', () => {
  let tagged: number[];

  beforeAll(async () => {
    const tag = `list-${process.pid}`;
    const a = await seedDrama(t.app, {
      title: { en: 'Alpha Wolf', zh: '阿尔法狼', tr: 'Alfa Kurt' },
      tags: [tag],
      hits: 5,
    });
    const b = await seedDrama(t.app, { title: { en: 'Beta Bride' }, tags: [tag, 'ceo'], hits: 50 });
    const c = await create({ title: { en: 'Gamma Ghost' }, tags: [tag] });
    tagged = [a.drama.id, b.drama.id, c.id];
  });

  const list = async (query: string) =>
    envelope<{ list: ConsoleDramaRow[]; total: number; has_more: boolean }>(await api.get(`/catalogue/dramas?${query}`))
      .data;

  it('searches titles in any language and the slug, case-insensitively', async () => {
    expect((await list('q=alfa')).list.map((d) => d.title.en)).toEqual(['Alpha Wolf']);
    expect((await list('q=阿尔法')).list.map((d) => d.title.en)).toEqual(['Alpha Wolf']);
    expect((await list('q=GAMMA')).list.map((d) => d.slug)).toEqual(['gamma-ghost']);
    expect((await list('q=100%25')).total).toBe(0);
  });

  it('filters by tag and status, and counts episodes', async () => {
    const tag = `list-${process.pid}`;
    const all = await list(`tag=${tag}&sort=title`);
    expect(all.list.map((d) => d.id)).toEqual(tagged);
    expect(all.list.map((d) => d.episode_count)).toEqual([4, 4, 0]);
    expect((await list(`tag=${tag}&status=not_published`)).list.map((d) => d.id)).toEqual([tagged[2]]);
    expect((await list(`tag=${tag}&status=published&sort=title`)).list.map((d) => d.id)).toEqual(tagged.slice(0, 2));
  });

  it('sorts by hits, title and creation, either way, and pages', async () => {
    const tag = `list-${process.pid}`;
    expect((await list(`tag=${tag}&sort=hits`)).list.map((d) => d.hits)).toEqual([50, 5, 0]);
    expect((await list(`tag=${tag}&sort=title&order=desc`)).list.map((d) => d.title.en)).toEqual([
      'Gamma Ghost',
      'Beta Bride',
      'Alpha Wolf',
    ]);
    const created = (await list(`tag=${tag}&sort=created`)).list.map((d) => d.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const first = await list(`tag=${tag}&sort=title&size=2`);
    const second = await list(`tag=${tag}&sort=title&size=2&page=2`);
    expect([first.total, first.has_more, second.has_more]).toEqual([3, true, false]);
    expect([...first.list, ...second.list].map((d) => d.id)).toEqual(tagged);
  });

  it('refuses an unknown status or sort', async () => {
    expect(envelope(await api.get('/catalogue/dramas?status=draft')).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await api.get('/catalogue/dramas?sort=likes')).code).toBe(Code.INVALID_INPUT);
  });

  it('lists every tag in use, A to Z', async () => {
    const tags = envelope<string[]>(await api.get('/catalogue/tags')).data;
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['ceo', `list-${process.pid}`, 'romance']));
  });
});
