import { Code, type Comment, type Page, type Playback, type Session } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, type ModerationComment } from '@cliffhanger/contract/console';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/db/schema.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createSocialKit, type SocialKit } from '../social/social-kit.js';

/**
 * Comment moderation from the console: the reported and newest lists, hide, unhide, delete, keep
 * and comment blocks, each audited, and what viewers see after each.
 */
let kit: SocialKit;
let support: ConsoleOperator;

beforeAll(async () => {
  kit = await createSocialKit();
  support = await signedInOperator(kit.t.app, kit.clock, 'support');
});
afterAll(async () => {
  await kit?.close();
});

const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;

async function consoleList(path: string): Promise<Page<ModerationComment>> {
  const res = await kit.t.app.inject({ method: 'GET', url: url(path), headers: consoleHeaders(support) });
  expect(envelope(res).code).toBe(Code.OK);
  return envelope<Page<ModerationComment>>(res).data;
}

const moderate = (method: 'POST' | 'PUT' | 'DELETE', path: string, reason: unknown = 'house rules') =>
  kit.t.app.inject({ method, url: url(path), headers: consoleHeaders(support), payload: { reason } });

const hide = (id: number) => moderate('POST', `/moderation/comments/${id}/hide`);
const unhide = (id: number) => moderate('POST', `/moderation/comments/${id}/unhide`);
const keep = (id: number) => moderate('POST', `/moderation/comments/${id}/keep`);
const remove = (id: number) => moderate('DELETE', `/moderation/comments/${id}`);
const block = (uid: number) => moderate('PUT', `/moderation/users/${uid}/comment-block`);
const unblock = (uid: number) => moderate('DELETE', `/moderation/users/${uid}/comment-block`);

async function post(episodeId: number, by: Session, text = 'What a twist') {
  return kit.call('POST', `/episodes/${episodeId}/comments`, { token: by.token, payload: { text } });
}

async function comment(episodeId: number, by: Session, text?: string): Promise<number> {
  const res = await post(episodeId, by, text);
  expect(envelope(res).code).toBe(Code.OK);
  return envelope<Comment>(res).data.id;
}

async function report(commentId: number, by: Session, reason: string): Promise<void> {
  const res = await kit.call('POST', `/comments/${commentId}/report`, { token: by.token, payload: { reason } });
  expect(envelope(res).code).toBe(Code.OK);
}

async function viewerList(episodeId: number, token?: string): Promise<Page<Comment>> {
  return envelope<Page<Comment>>(await kit.call('GET', `/episodes/${episodeId}/comments`, token ? { token } : {})).data;
}

/** The comment count a play shows, which the server keeps in its public-answer cache. */
async function playCount(episodeId: number): Promise<number> {
  return envelope<Playback>(await kit.call('GET', `/episodes/${episodeId}/play`)).data.comment_count;
}

const auditOf = (target: string) =>
  kit.t.app.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, target))
    .orderBy(asc(operatorAuditLog.id));

async function freshEpisode(): Promise<{ seeded: SeededDrama; episodeId: number }> {
  const seeded = await seedDrama(kit.t.app, { episodes: 2 });
  return { seeded, episodeId: seeded.episodes[0]!.id };
}

describe('the lists', () => {
  it('lists reported comments by unsettled reports, with reasons and the newest report, and the newest comments, by drama', async () => {
    const a = await freshEpisode();
    const b = await freshEpisode();
    const [author, other, r1, r2] = await Promise.all([kit.user(), kit.user(), kit.user(), kit.user()]);

    const twice = await comment(a.episodeId, author, 'Spam spam');
    kit.clock.advance(1);
    const quiet = await comment(a.episodeId, other, 'Nice');
    kit.clock.advance(1);
    const once = await comment(a.seeded.episodes[1]!.id, other, 'Ending spoiled');
    kit.clock.advance(1);
    const elsewhere = await comment(b.episodeId, author, 'Elsewhere');

    await report(twice, r1, 'spam');
    kit.clock.advance(10);
    await report(twice, r2, 'abuse');
    const lastOfTwice = kit.clock.now().toISOString();
    kit.clock.advance(10);
    await report(once, r1, 'spoiler');
    await report(elsewhere, r2, 'other');

    const reported = await consoleList(`/moderation/reported?drama_id=${a.seeded.drama.id}`);
    expect(reported.total).toBe(2);
    expect(reported.list.map((row) => row.id)).toEqual([twice, once]);
    expect(reported.list[0]).toEqual({
      id: twice,
      text: 'Spam spam',
      created_at: expect.any(String),
      state: 'visible',
      hidden_at: null,
      deleted_at: null,
      author: { uid: author.user.uid, nickname: author.user.nickname, comments_blocked_at: null },
      episode: { id: a.episodeId, number: 1 },
      drama: { id: a.seeded.drama.id, title: a.seeded.drama.title.en },
      reports: { unsettled: 2, reasons: { spam: 1, abuse: 1, spoiler: 0, other: 0 }, last_at: lastOfTwice },
      reports_reviewed_at: null,
    });
    expect(reported.list[1]).toMatchObject({ episode: { number: 2 }, reports: { unsettled: 1 } });

    const onlyB = await consoleList(`/moderation/reported?drama_id=${b.seeded.drama.id}`);
    expect(onlyB.list.map((row) => row.id)).toEqual([elsewhere]);
    expect((await consoleList('/moderation/reported?size=100')).list.map((row) => row.id)).toEqual(
      expect.arrayContaining([twice, once, elsewhere]),
    );

    const newest = await consoleList(`/moderation/comments?drama_id=${a.seeded.drama.id}`);
    expect(newest.list.map((row) => row.id)).toEqual([once, quiet, twice]);
    expect(newest.list[1]).toMatchObject({ state: 'visible', reports: { unsettled: 0, last_at: null } });
    expect((await consoleList('/moderation/comments?size=1')).list.map((row) => row.id)).toEqual([elsewhere]);

    const bad = await kit.t.app.inject({
      method: 'GET',
      url: url('/moderation/comments?drama_id=x'),
      headers: consoleHeaders(support),
    });
    expect(envelope(bad)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'query.drama_id' }] } });
  });
});

describe('hide and unhide', () => {
  it('hides a comment from every viewer and from the play count at once, and shows it to its author with a notice', async () => {
    const { seeded, episodeId } = await freshEpisode();
    const [author, reader, reporter] = await Promise.all([kit.user(), kit.user(), kit.user()]);
    const id = await comment(episodeId, author, 'Rude words');
    await report(id, reporter, 'abuse');
    // The count is now in the process's public-answer cache, and the clock does not move.
    expect(await playCount(episodeId)).toBe(1);

    const res = await hide(id);
    expect(envelope(res)).toMatchObject({
      code: Code.OK,
      data: { id, state: 'hidden', hidden_at: kit.clock.now().toISOString(), reports: { unsettled: 0 } },
    });

    expect(await viewerList(episodeId)).toMatchObject({ list: [], total: 0 });
    expect(await viewerList(episodeId, reader.token)).toMatchObject({ list: [], total: 0 });
    expect((await viewerList(episodeId, author.token)).list).toEqual([
      expect.objectContaining({ id, mine: true, hidden: true, text: 'Rude words' }),
    ]);
    expect(await playCount(episodeId)).toBe(0);
    expect((await consoleList(`/moderation/reported?drama_id=${seeded.drama.id}`)).list).toEqual([]);

    // Hiding a hidden comment changes and records nothing.
    expect(envelope(await hide(id)).data.state).toBe('hidden');
    const at = kit.clock.now().toISOString();
    expect(await auditOf(`comment:${id}`)).toEqual([
      expect.objectContaining({
        operatorId: support.id,
        action: 'comment.hide',
        before: { hidden_at: null, reports_reviewed_at: null, unsettled_reports: 1 },
        after: { hidden_at: at, reports_reviewed_at: at, unsettled_reports: 0 },
        reason: 'house rules',
      }),
    ]);

    expect(envelope(await unhide(id)).data).toMatchObject({ state: 'visible', hidden_at: null });
    expect((await viewerList(episodeId, reader.token)).list).toEqual([expect.objectContaining({ id, hidden: false })]);
    expect(await playCount(episodeId)).toBe(1);
    expect((await auditOf(`comment:${id}`)).at(-1)).toMatchObject({
      action: 'comment.unhide',
      before: { hidden_at: at },
      after: { hidden_at: null },
    });
  });
});

describe('delete', () => {
  it('deletes softly for everyone, its author included, settles its reports, and leaves nothing to hide or keep', async () => {
    const { episodeId } = await freshEpisode();
    const [author, reporter] = await Promise.all([kit.user(), kit.user()]);
    const id = await comment(episodeId, author);
    await report(id, reporter, 'spam');
    expect(await playCount(episodeId)).toBe(1);

    expect(envelope(await remove(id)).data).toMatchObject({
      state: 'deleted',
      deleted_at: kit.clock.now().toISOString(),
      reports: { unsettled: 0 },
    });
    expect((await viewerList(episodeId, author.token)).list).toEqual([]);
    expect(await playCount(episodeId)).toBe(0);
    expect(await kit.scalar(sql`SELECT count(*) FROM comments WHERE id = ${id}`)).toBe(1);
    // The author's own delete now finds nothing, as after any delete.
    expect(envelope(await kit.call('DELETE', `/comments/${id}`, { token: author.token })).code).toBe(Code.NOT_FOUND);

    for (const act of [hide, unhide, keep]) {
      const refused = await act(id);
      expect(refused.statusCode).toBe(409);
      expect(envelope(refused).code).toBe(Code.MODERATION_COMMENT_DELETED);
    }
    expect(envelope(await remove(id)).code).toBe(Code.OK);
    expect((await auditOf(`comment:${id}`)).map((entry) => entry.action)).toEqual(['comment.delete']);
    expect((await auditOf(`comment:${id}`))[0]).toMatchObject({
      before: { deleted_at: null, reports_reviewed_at: null, unsettled_reports: 1 },
    });
  });
});

describe('keep', () => {
  it('settles the reports made so far and leaves the comment as it is; a later report lists it again', async () => {
    const { seeded, episodeId } = await freshEpisode();
    const [author, r1, r2] = await Promise.all([kit.user(), kit.user(), kit.user()]);
    const id = await comment(episodeId, author);
    await report(id, r1, 'spoiler');
    const reported = () => consoleList(`/moderation/reported?drama_id=${seeded.drama.id}`);
    expect((await reported()).list.map((row) => row.id)).toEqual([id]);

    kit.clock.advance(1);
    expect(envelope(await keep(id)).data).toMatchObject({
      state: 'visible',
      reports: { unsettled: 0 },
      reports_reviewed_at: kit.clock.now().toISOString(),
    });
    expect((await reported()).list).toEqual([]);
    expect((await viewerList(episodeId)).list.map((row) => row.id)).toEqual([id]);
    // Nothing left to settle: a second keep records nothing.
    await keep(id);
    expect((await auditOf(`comment:${id}`)).map((entry) => entry.action)).toEqual(['comment.keep']);

    kit.clock.advance(1);
    await report(id, r2, 'abuse');
    expect((await reported()).list).toEqual([
      expect.objectContaining({ id, reports: expect.objectContaining({ unsettled: 1 }) }),
    ]);
  });
});

describe('comment blocks', () => {
  it("refuses a blocked author's new comments with 90002 and keeps the old ones; unblocking lets them comment", async () => {
    const { seeded, episodeId } = await freshEpisode();
    const author = await kit.user();
    const old = await comment(episodeId, author);

    const blocked = await block(author.user.uid);
    expect(envelope(blocked)).toMatchObject({
      code: Code.OK,
      data: { uid: author.user.uid, comments_blocked_at: kit.clock.now().toISOString() },
    });
    const refused = await post(episodeId, author);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).code).toBe(Code.COMMENTS_BLOCKED);
    expect((await viewerList(episodeId)).list.map((row) => row.id)).toEqual([old]);
    const [row] = (await consoleList(`/moderation/comments?drama_id=${seeded.drama.id}`)).list;
    expect(row?.author.comments_blocked_at).toBe(kit.clock.now().toISOString());

    await block(author.user.uid);
    expect(envelope(await unblock(author.user.uid)).data.comments_blocked_at).toBeNull();
    expect(envelope(await post(episodeId, author)).code).toBe(Code.OK);
    expect(
      (await auditOf(`user:${author.user.uid}`)).map((entry) => [entry.action, entry.before, entry.after]),
    ).toEqual([
      ['user.comment_block', { comments_blocked_at: null }, { comments_blocked_at: kit.clock.now().toISOString() }],
      ['user.comment_unblock', { comments_blocked_at: kit.clock.now().toISOString() }, { comments_blocked_at: null }],
    ]);
  });
});

describe('refusals', () => {
  it('answers 10002 for an unknown comment or viewer and 10001 without a reason, changing nothing', async () => {
    const { episodeId } = await freshEpisode();
    const author = await kit.user();
    const id = await comment(episodeId, author);
    const entries = () => kit.scalar(sql`SELECT count(*) FROM operator_audit_log`);
    const before = await entries();

    expect(envelope(await hide(987_654_321)).code).toBe(Code.NOT_FOUND);
    expect(envelope(await block(987_654_321)).code).toBe(Code.NOT_FOUND);
    const noReason = await moderate('POST', `/moderation/comments/${id}/hide`, '   ');
    expect(envelope(noReason)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'body.reason' }] },
    });
    const noBlockReason = await moderate('PUT', `/moderation/users/${author.user.uid}/comment-block`, '');
    expect(envelope(noBlockReason).code).toBe(Code.INVALID_INPUT);

    expect(await entries()).toBe(before);
    expect((await viewerList(episodeId)).list.map((row) => row.id)).toEqual([id]);
    expect(envelope(await post(episodeId, author)).code).toBe(Code.OK);
  });
});

describe('the drama filter', () => {
  const get = (path: string) => kit.t.app.inject({ method: 'GET', url: url(path), headers: consoleHeaders(support) });

  it('finds dramas by a piece of their title in any language, and names the one filtered by', async () => {
    const lanterns = await seedDrama(kit.t.app, {
      title: { en: 'Lanterns of the Bay', zh: '海湾的灯笼', tr: 'Koyun Fenerleri' },
    });
    const other = await seedDrama(kit.t.app, {
      title: { en: 'A Quiet Harbour', zh: '安静的港口', tr: 'Sessiz Liman' },
    });

    for (const q of ['lanterns', '灯笼', 'FENERLERI']) {
      const found = envelope<{ id: number; title: string }[]>(
        await get(`/moderation/dramas?q=${encodeURIComponent(q)}`),
      );
      expect(found.code).toBe(Code.OK);
      expect(found.data).toEqual([{ id: lanterns.drama.id, title: 'Lanterns of the Bay' }]);
    }
    // No query: the newest first.
    const newest = envelope<{ id: number }[]>(await get('/moderation/dramas')).data;
    expect(newest.slice(0, 2).map((d) => d.id)).toEqual([other.drama.id, lanterns.drama.id]);
    // A title matched as typed, not as a pattern.
    expect(envelope<unknown[]>(await get(`/moderation/dramas?q=${encodeURIComponent('%')}`)).data).toEqual([]);

    const named = envelope<{ id: number; title: string }>(await get(`/moderation/dramas/${lanterns.drama.id}`));
    expect(named.data).toEqual({ id: lanterns.drama.id, title: 'Lanterns of the Bay' });
  });

  it('refuses an unknown drama and a query past 200 characters', async () => {
    expect(envelope(await get('/moderation/dramas/987654321')).code).toBe(Code.NOT_FOUND);
    expect(envelope(await get(`/moderation/dramas?q=${'x'.repeat(201)}`)).code).toBe(Code.INVALID_INPUT);
  });
});
