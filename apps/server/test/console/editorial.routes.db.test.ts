import { Code, type Home } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  EDITORIAL_MAX_BANNERS,
  type Editorial,
  type EditorialDrama,
} from '@cliffhanger/contract/console';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dramas } from '../../src/db/catalog.schema.js';
import { operatorAuditLog } from '../../src/db/schema.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** The console's editorial area over HTTP: the two home lists, their audit entries, the preview. */
let t: TestApp;
const clock = new TestClock();
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;
const RELEASED = new Date('2026-01-01T00:00:00Z');
let editor: ConsoleOperator;
let a: SeededDrama;
let b: SeededDrama;
let c: SeededDrama;
let bare: SeededDrama;
let draft: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  editor = await signedInOperator(t.app, clock, 'editor');
  a = await seedDrama(t.app, { publishedAt: RELEASED, title: { en: 'Alpha Love', zh: '阿尔法之恋', tr: 'Alfa Aşk' } });
  b = await seedDrama(t.app, {
    publishedAt: RELEASED,
    title: { en: 'Beta Revenge', zh: '贝塔复仇', tr: 'Beta İntikam' },
  });
  c = await seedDrama(t.app, { publishedAt: RELEASED });
  bare = await seedDrama(t.app, { publishedAt: RELEASED });
  await t.app.database.db.update(dramas).set({ banner: '' }).where(eq(dramas.id, bare.drama.id));
  draft = await seedDrama(t.app);
  await t.app.database.db.update(dramas).set({ publishedAt: null }).where(eq(dramas.id, draft.drama.id));
});
afterAll(async () => {
  await t?.close();
});

const put = (list: 'banners' | 'shelf', payload: Record<string, unknown>, operator: ConsoleOperator = editor) =>
  t.app.inject({ method: 'PUT', url: url(`/editorial/${list}`), headers: consoleHeaders(operator), payload });

const current = async () =>
  envelope<Editorial>(await t.app.inject({ method: 'GET', url: url('/editorial'), headers: consoleHeaders(editor) }))
    .data;

const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

const viewerHome = async (lang = 'en') =>
  envelope<Home>(await t.app.inject({ method: 'GET', url: `/api/v1/home?lang=${lang}` })).data;

const auditOf = (action: string) =>
  t.app.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.action, action))
    .orderBy(desc(operatorAuditLog.id));

describe('the banner carousel', () => {
  it('starts empty, takes an order with a reason, and home shows it at once', async () => {
    expect(await current()).toEqual({ banners: [], shelf: [] });
    // Home caches its answer; the change must clear it.
    expect((await viewerHome()).banners.map((x) => x.drama_id)).not.toEqual([b.drama.id, a.drama.id]);

    const response = await put('banners', { drama_ids: [b.drama.id, a.drama.id], reason: 'autumn campaign' });
    expect(response.statusCode).toBe(200);
    const saved = envelope<Editorial>(response).data;
    expect(ids(saved.banners)).toEqual([b.drama.id, a.drama.id]);
    expect(saved.banners[0]).toMatchObject<Partial<EditorialDrama>>({
      title: 'Beta Revenge',
      status: 'published',
      banner: expect.stringContaining('banners/') as string,
    });
    expect((await viewerHome()).banners.map((x) => x.drama_id)).toEqual([b.drama.id, a.drama.id]);

    const [entry] = await auditOf('editorial.banners');
    expect(entry).toMatchObject({
      operatorId: editor.id,
      target: 'home:banners',
      before: [],
      after: [b.drama.id, a.drama.id],
      reason: 'autumn campaign',
    });
  });

  it('takes a drama left out off the carousel, with before and after in the audit log', async () => {
    await put('banners', { drama_ids: [a.drama.id], reason: 'Beta ends its run' });
    expect(ids((await current()).banners)).toEqual([a.drama.id]);
    expect((await viewerHome()).banners.map((x) => x.drama_id)).toEqual([a.drama.id]);
    const [entry] = await auditOf('editorial.banners');
    expect(entry).toMatchObject({ before: [b.drama.id, a.drama.id], after: [a.drama.id] });
  });

  it('refuses a drama without a banner image by its code, naming it, and changes nothing', async () => {
    const response = await put('banners', { drama_ids: [a.drama.id, bare.drama.id], reason: 'x' });
    expect(response.statusCode).toBe(409);
    expect(envelope(response)).toMatchObject({
      code: Code.EDITORIAL_BANNER_IMAGE_MISSING,
      data: { ids: [bare.drama.id] },
    });
    expect(ids((await current()).banners)).toEqual([a.drama.id]);
  });

  it('refuses an unknown drama with 10002 naming it', async () => {
    const response = await put('banners', { drama_ids: [a.drama.id, 987654], reason: 'x' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response)).toMatchObject({ code: Code.NOT_FOUND, data: { ids: [987654] } });
    expect(ids((await current()).banners)).toEqual([a.drama.id]);
  });

  it.each([
    ['a drama twice', () => ({ drama_ids: [a.drama.id, a.drama.id], reason: 'x' }), 'body.drama_ids'],
    [
      `more than ${EDITORIAL_MAX_BANNERS}`,
      () => ({ drama_ids: Array.from({ length: EDITORIAL_MAX_BANNERS + 1 }, (_, i) => i + 1), reason: 'x' }),
      'body.drama_ids',
    ],
    ['no reason', () => ({ drama_ids: [a.drama.id] }), 'body.reason'],
    ['a blank reason', () => ({ drama_ids: [a.drama.id], reason: '   ' }), 'body.reason'],
    ['an id that is not a number', () => ({ drama_ids: ['one'], reason: 'x' }), 'body.drama_ids.0'],
  ])('refuses %s with 10001 naming the field', async (_, payload, field) => {
    const response = await put('banners', payload());
    expect(response.statusCode).toBe(400);
    const body = envelope<{ fields: { field: string }[] }>(response);
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(body.data.fields.map((f) => f.field)).toContain(field);
    expect(ids((await current()).banners)).toEqual([a.drama.id]);
  });

  it('records nothing when the order saved is the order there', async () => {
    const before = (await auditOf('editorial.banners')).length;
    expect((await put('banners', { drama_ids: [a.drama.id], reason: 'again' })).statusCode).toBe(200);
    expect(await auditOf('editorial.banners')).toHaveLength(before);
  });

  it('empties the carousel; home then falls back to the most played', async () => {
    await put('banners', { drama_ids: [], reason: 'campaign over' });
    expect((await current()).banners).toEqual([]);
    expect((await viewerHome()).banners.length).toBeGreaterThan(0);
  });
});

describe('the recommended shelf', () => {
  it('orders the shelf, drafts included; viewers see the released ones in that order', async () => {
    const response = await put('shelf', {
      drama_ids: [c.drama.id, draft.drama.id, a.drama.id, bare.drama.id],
      reason: 'editors pick',
    });
    expect(response.statusCode).toBe(200);
    const { shelf } = envelope<Editorial>(response).data;
    expect(ids(shelf)).toEqual([c.drama.id, draft.drama.id, a.drama.id, bare.drama.id]);
    expect(shelf[1]).toMatchObject({ status: 'not_published', published_at: null });
    // A drama without a banner image may sit on the shelf: cards show the poster.
    expect(shelf[3]).toMatchObject({ banner: null });
    expect((await viewerHome()).recommended.map((card) => card.id)).toEqual([c.drama.id, a.drama.id, bare.drama.id]);
    const [entry] = await auditOf('editorial.shelf');
    expect(entry).toMatchObject({ target: 'home:shelf', before: [], after: ids(shelf), reason: 'editors pick' });
  });

  it('leaves the carousel alone when the shelf changes', async () => {
    await put('banners', { drama_ids: [b.drama.id], reason: 'one banner' });
    await put('shelf', { drama_ids: [a.drama.id], reason: 'shorter shelf' });
    expect(await current()).toMatchObject({ banners: [{ id: b.drama.id }], shelf: [{ id: a.drama.id }] });
  });
});

describe('candidates and the preview', () => {
  const candidates = async (q: string) =>
    envelope<EditorialDrama[]>(
      await t.app.inject({
        method: 'GET',
        url: url(`/editorial/candidates?q=${encodeURIComponent(q)}`),
        headers: consoleHeaders(editor),
      }),
    ).data;

  it('finds dramas by a piece of a title in any language, and lists the newest without q', async () => {
    expect(ids(await candidates('复仇'))).toEqual([b.drama.id]);
    expect(ids(await candidates('alpha'))).toEqual([a.drama.id]);
    expect(ids(await candidates(''))).toEqual([draft, bare, c, b, a].map((s) => s.drama.id));
    expect(await candidates('%')).toEqual([]);
  });

  it("answers what the viewer's home answers, in each language", async () => {
    for (const lang of ['zh', 'en', 'tr'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: url(`/editorial/preview?lang=${lang}`),
        headers: consoleHeaders(editor),
      });
      expect(envelope<Home>(response).data).toEqual(await viewerHome(lang));
    }
    const zh = envelope<Home>(
      await t.app.inject({ method: 'GET', url: url('/editorial/preview?lang=zh'), headers: consoleHeaders(editor) }),
    ).data;
    expect(zh.banners[0]).toMatchObject({ drama_id: b.drama.id, title: '贝塔复仇' });
  });

  it('wants a language it knows', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: url('/editorial/preview?lang=fr'),
      headers: consoleHeaders(editor),
    });
    expect(envelope(response).code).toBe(Code.INVALID_INPUT);
  });
});

describe('who may', () => {
  it('lets an admin place dramas and refuses support and finance with 80004, changing nothing', async () => {
    const admin = await signedInOperator(t.app, clock, 'admin');
    expect((await put('shelf', { drama_ids: [b.drama.id], reason: 'admin' }, admin)).statusCode).toBe(200);
    for (const role of ['support', 'finance'] as const) {
      const operator = await signedInOperator(t.app, clock, role);
      const read = await t.app.inject({ method: 'GET', url: url('/editorial'), headers: consoleHeaders(operator) });
      expect(envelope(read).code).toBe(Code.OPERATOR_ROLE_FORBIDDEN);
      const write = await put('shelf', { drama_ids: [a.drama.id], reason: 'no' }, operator);
      expect(envelope(write).code).toBe(Code.OPERATOR_ROLE_FORBIDDEN);
    }
    expect(ids((await current()).shelf)).toEqual([b.drama.id]);
    const refused = await t.app.database.db.select().from(operatorAuditLog).where(like(operatorAuditLog.reason, 'no'));
    expect(refused).toEqual([]);
  });
});
