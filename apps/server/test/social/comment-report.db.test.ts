import { Code, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { COMMENT_REPORT_RATE_LIMIT, COMMENT_REPORT_RATE_WINDOW_S } from '../../src/services/social/comments.service.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createSocialKit, type SocialKit } from './social-kit.js';

/** POST /comments/:id/report: a viewer tells the moderators about someone else's comment. */
let kit: SocialKit;
let episodeId: number;
let author: Session;

beforeAll(async () => {
  kit = await createSocialKit();
  episodeId = (await seedDrama(kit.t.app, { episodes: 1 })).episodes[0]!.id;
  author = await kit.user();
});
afterAll(async () => {
  await kit?.close();
});

const report = (id: number | string, reason: unknown, token?: string) =>
  kit.call('POST', `/comments/${id}/report`, { payload: { reason }, ...(token ? { token } : {}) });
const reportsOf = (commentId: number) =>
  kit.scalar(sql`SELECT count(*) FROM comment_reports WHERE comment_id = ${commentId}`);

/** A comment by the author, written straight to the table (their posting allowance is not under test). */
async function newComment(): Promise<number> {
  const [row] = await queryRows<{ id: number | string }>(
    kit.t.app.database.db,
    sql`INSERT INTO comments (episode_id, user_id, body) VALUES (${episodeId}, ${author.user.uid}, 'Hm') RETURNING id`,
  );
  return Number(row?.id);
}

describe('POST /comments/:id/report', () => {
  it('stores one report per viewer and comment: a repeat succeeds with 10019 and stores nothing more', async () => {
    const commentId = await newComment();
    const viewer = await kit.user();
    const first = await report(commentId, 'spoiler', viewer.token);
    expect(first.statusCode).toBe(200);
    expect(envelope(first)).toMatchObject({ code: Code.OK, data: { reported: true } });
    const again = await report(commentId, 'abuse', viewer.token);
    expect(again.statusCode).toBe(200);
    expect(envelope(again)).toMatchObject({ code: Code.ALREADY_OWNED, data: { reported: true } });
    expect(await reportsOf(commentId)).toBe(1);
    expect(
      await kit.scalar(
        sql`SELECT count(*) FROM comment_reports WHERE comment_id = ${commentId} AND reason = 'spoiler'`,
      ),
    ).toBe(1);

    await report(commentId, 'spam', (await kit.user()).token);
    expect(await reportsOf(commentId)).toBe(2);
  });

  it("refuses one's own comment with 90001", async () => {
    const commentId = await newComment();
    const res = await report(commentId, 'spam', author.token);
    expect(res.statusCode).toBe(403);
    expect(envelope(res).code).toBe(Code.COMMENT_REPORT_OWN);
    expect(await reportsOf(commentId)).toBe(0);
  });

  it('answers 10002 for an unknown, a deleted or a hidden comment', async () => {
    const viewer = await kit.user();
    expect(envelope(await report(987_654_321, 'spam', viewer.token)).code).toBe(Code.NOT_FOUND);

    const deleted = await newComment();
    expect(envelope(await kit.call('DELETE', `/comments/${deleted}`, { token: author.token })).code).toBe(Code.OK);
    expect(envelope(await report(deleted, 'spam', viewer.token)).code).toBe(Code.NOT_FOUND);

    const hidden = await newComment();
    await kit.t.app.database.db.execute(sql`UPDATE comments SET hidden_at = now() WHERE id = ${hidden}`);
    expect(envelope(await report(hidden, 'spam', viewer.token)).code).toBe(Code.NOT_FOUND);
    expect(await reportsOf(hidden)).toBe(0);
  });

  it('wants a known reason and a signed-in viewer', async () => {
    const commentId = await newComment();
    const viewer = await kit.user();
    const bad = await report(commentId, 'boring', viewer.token);
    expect(envelope(bad)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.reason' }] } });
    expect(envelope(await report(commentId, 'spam')).code).toBe(Code.NOT_SIGNED_IN);
    expect(await reportsOf(commentId)).toBe(0);
  });

  it(`refuses a flood: at most ${COMMENT_REPORT_RATE_LIMIT} reports per viewer in ${COMMENT_REPORT_RATE_WINDOW_S} s`, async () => {
    const viewer = await kit.user();
    const ids: number[] = [];
    for (let i = 0; i <= COMMENT_REPORT_RATE_LIMIT; i += 1) ids.push(await newComment());
    for (const id of ids.slice(0, COMMENT_REPORT_RATE_LIMIT)) {
      expect(envelope(await report(id, 'spam', viewer.token)).code).toBe(Code.OK);
    }
    const flood = await report(ids.at(-1)!, 'spam', viewer.token);
    expect(flood.statusCode).toBe(429);
    expect(envelope(flood)).toMatchObject({
      code: Code.TOO_MANY_REQUESTS,
      data: { retry_after_s: expect.any(Number) },
    });
    expect(await reportsOf(ids.at(-1)!)).toBe(0);

    // Another viewer has an allowance of their own; the window passing gives this one theirs back.
    expect(envelope(await report(ids.at(-1)!, 'spam', (await kit.user()).token)).code).toBe(Code.OK);
    kit.clock.advance(COMMENT_REPORT_RATE_WINDOW_S);
    expect(envelope(await report(ids.at(-1)!, 'spam', viewer.token)).code).toBe(Code.OK);
  });
});
