import { Code, type Comment, type Page, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_RATE_LIMIT, COMMENT_RATE_WINDOW_S } from '../../src/services/social/comments.service.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createSocialKit, type SocialKit } from './social-kit.js';

let kit: SocialKit;
let seeded: SeededDrama;
let episodeId: number;

beforeAll(async () => {
  kit = await createSocialKit();
  seeded = await seedDrama(kit.t.app);
  episodeId = seeded.episodes[0]!.id;
});
afterAll(async () => {
  await kit?.close();
});

const list = (id: number, query = '', token?: string) =>
  kit.call('GET', `/episodes/${id}/comments${query}`, token ? { token } : {});
const post = (id: number, text: unknown, token?: string) =>
  kit.call('POST', `/episodes/${id}/comments`, { payload: { text }, ...(token ? { token } : {}) });
const remove = (id: number | string, token?: string) => kit.call('DELETE', `/comments/${id}`, token ? { token } : {});
const commentsOf = (userId: number) => kit.scalar(sql`SELECT count(*) FROM comments WHERE user_id = ${userId}`);

/** A fresh episode per test keeps lists and counts independent. */
async function freshEpisode(): Promise<number> {
  const { episodes } = await seedDrama(kit.t.app, { episodes: 1 });
  return episodes[0]!.id;
}

describe('POST /episodes/:id/comments', () => {
  it('stores the trimmed text and answers the comment as the author sees it', async () => {
    const me = await kit.user();
    const res = await post(episodeId, '  Great twist!  ', me.token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({
      id: expect.any(Number),
      episode_id: episodeId,
      uid: me.user.uid,
      nickname: me.user.nickname,
      avatar: '',
      text: 'Great twist!',
      created_at: kit.clock.now().toISOString(),
      mine: true,
      hidden: false,
    });
  });

  it('accepts exactly 140 characters, including non-latin ones', async () => {
    const me = await kit.user();
    const text = 'ş'.repeat(139) + '夜';
    const res = await post(episodeId, text, me.token);
    expect(envelope(res)).toMatchObject({ code: Code.OK, data: { text } });
  });

  it.each([
    ['empty', ''],
    ['only spaces', '    '],
    ['141 characters', 'a'.repeat(141)],
    ['far too long', 'a'.repeat(1000)],
    ['not a string', 42],
  ])('refuses %s with 10001 naming body.text and stores nothing', async (_name, text) => {
    const me = await kit.user();
    const res = await post(episodeId, text, me.token);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.text' }] } });
    expect(await commentsOf(me.user.uid)).toBe(0);
  });

  it('keeps HTML as literal text: stored and returned exactly as typed', async () => {
    const me = await kit.user();
    const id = await freshEpisode();
    const text = '<script>alert(1)</script> & <b>bold</b>';
    const res = await post(id, text, me.token);
    expect(envelope(res).data.text).toBe(text);
    expect(await kit.scalar(sql`SELECT count(*) FROM comments WHERE body = ${text}`)).toBe(1);
    expect(envelope(await list(id)).data.list[0].text).toBe(text);
  });

  it('answers 10002 for an unknown episode and 10001 for a malformed id, storing nothing', async () => {
    const me = await kit.user();
    expect(envelope(await post(99_999_999, 'hello', me.token)).code).toBe(Code.NOT_FOUND);
    expect(envelope(await post(0, 'hello', me.token))).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'params.id' }] },
    });
    expect(
      envelope(await kit.call('POST', '/episodes/abc/comments', { token: me.token, payload: { text: 'x' } })).code,
    ).toBe(Code.INVALID_INPUT);
    expect(await commentsOf(me.user.uid)).toBe(0);
  });

  it('answers 10027 to a visitor', async () => {
    const res = await post(episodeId, 'hello');
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });

  it(`limits a user to ${COMMENT_RATE_LIMIT} comments per ${COMMENT_RATE_WINDOW_S} s (10003), then lets them go on`, async () => {
    const me = await kit.user();
    const other = await kit.user();
    for (let i = 0; i < COMMENT_RATE_LIMIT; i += 1) {
      expect(envelope(await post(episodeId, `comment ${i}`, me.token)).code).toBe(Code.OK);
    }
    const refused = await post(episodeId, 'one too many', me.token);
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused)).toMatchObject({
      code: Code.TOO_MANY_REQUESTS,
      data: { retry_after_s: expect.any(Number) },
    });
    expect(await commentsOf(me.user.uid)).toBe(COMMENT_RATE_LIMIT);
    // The limit is per user.
    expect(envelope(await post(episodeId, 'me too', other.token)).code).toBe(Code.OK);
    kit.clock.advance(COMMENT_RATE_WINDOW_S);
    expect(envelope(await post(episodeId, 'back again', me.token)).code).toBe(Code.OK);
  });
});

describe('GET /episodes/:id/comments', () => {
  let id: number;
  let author: Session;
  let reader: Session;

  beforeAll(async () => {
    id = await freshEpisode();
    author = await kit.user();
    reader = await kit.user();
    for (const text of ['first', 'second', 'third']) {
      await post(id, text, author.token);
      kit.clock.advance(1);
    }
  });

  it('lists newest first to a visitor, with nothing marked mine', async () => {
    const res = await list(id);
    expect(res.statusCode).toBe(200);
    const page = envelope<Page<Comment>>(res).data;
    expect(page).toMatchObject({ page: 1, size: 20, total: 3, has_more: false });
    expect(page.list.map((c) => c.text)).toEqual(['third', 'second', 'first']);
    expect(page.list.every((c) => !c.mine)).toBe(true);
    expect(page.list[0]).toMatchObject({ uid: author.user.uid, nickname: author.user.nickname, episode_id: id });
  });

  it("marks the viewer's own comments mine", async () => {
    await post(id, 'reader says hi', reader.token);
    const page = envelope<Page<Comment>>(await list(id, '', reader.token)).data;
    expect(page.list.map((c) => [c.text, c.mine])).toEqual([
      ['reader says hi', true],
      ['third', false],
      ['second', false],
      ['first', false],
    ]);
    await remove(page.list[0]!.id, reader.token);
  });

  it('pages with page and size', async () => {
    const first = envelope<Page<Comment>>(await list(id, '?page=1&size=2')).data;
    expect(first).toMatchObject({ page: 1, size: 2, total: 3, has_more: true });
    expect(first.list.map((c) => c.text)).toEqual(['third', 'second']);
    const second = envelope<Page<Comment>>(await list(id, '?page=2&size=2')).data;
    expect(second).toMatchObject({ page: 2, size: 2, total: 3, has_more: false });
    expect(second.list.map((c) => c.text)).toEqual(['first']);
    expect(envelope(await list(id, '?page=9&size=2')).data).toMatchObject({ list: [], total: 3, has_more: false });
  });

  it.each([
    ['size', '0'],
    ['size', '-1'],
    ['size', '101'],
    ['size', 'abc'],
    ['size', '2.5'],
    ['page', '0'],
    ['page', 'abc'],
  ])('refuses %s=%s with 10001 naming the field', async (field, value) => {
    const res = await list(id, `?${field}=${value}`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: `query.${field}` }] } });
  });

  it('answers 10002 for an unknown episode', async () => {
    expect(envelope(await list(99_999_999)).code).toBe(Code.NOT_FOUND);
  });

  it("shows the author's avatar as a public media URL", async () => {
    const someone = await kit.user();
    const episode = await freshEpisode();
    await kit.t.app.database.db.execute(sql`UPDATE users SET avatar = 'avatars/a.webp' WHERE id = ${someone.user.uid}`);
    await post(episode, 'with a face', someone.token);
    expect(envelope(await list(episode)).data.list[0].avatar).toBe('/media/avatars/a.webp');
  });

  it('keeps the comments of a deleted account, with no name and no avatar', async () => {
    const leaving = await kit.user();
    const episode = await freshEpisode();
    await post(episode, 'bye', leaving.token);
    const deleted = await kit.call('DELETE', '/user', { token: leaving.token });
    expect(envelope(deleted).code).toBe(Code.OK);
    expect(envelope(await list(episode)).data.list).toEqual([
      expect.objectContaining({ uid: leaving.user.uid, text: 'bye', nickname: '', avatar: '' }),
    ]);
  });
});

describe('DELETE /comments/:id', () => {
  it('soft-deletes your own comment: gone from the list, row kept with deleted_at', async () => {
    const me = await kit.user();
    const id = await freshEpisode();
    const created = envelope<Comment>(await post(id, 'oops', me.token)).data;
    const res = await remove(created.id, me.token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ deleted: true });
    expect(envelope(await list(id)).data).toMatchObject({ list: [], total: 0 });
    expect(
      await kit.scalar(sql`SELECT count(*) FROM comments WHERE id = ${created.id} AND deleted_at IS NOT NULL`),
    ).toBe(1);
    // Already deleted: as good as unknown.
    expect(envelope(await remove(created.id, me.token)).code).toBe(Code.NOT_FOUND);
  });

  it("refuses someone else's comment with 10005 and leaves it", async () => {
    const author = await kit.user();
    const intruder = await kit.user();
    const id = await freshEpisode();
    const created = envelope<Comment>(await post(id, 'mine, not yours', author.token)).data;
    const res = await remove(created.id, intruder.token);
    expect(res.statusCode).toBe(403);
    expect(envelope(res).code).toBe(Code.FORBIDDEN);
    expect(envelope(await list(id)).data.total).toBe(1);
  });

  it('answers 10002 for an unknown comment, 10001 for a malformed id, 10027 to a visitor', async () => {
    const me = await kit.user();
    const id = await freshEpisode();
    const created = envelope<Comment>(await post(id, 'stays', me.token)).data;
    expect(envelope(await remove(99_999_999, me.token)).code).toBe(Code.NOT_FOUND);
    expect(envelope(await remove('abc', me.token))).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'params.id' }] },
    });
    expect(envelope(await remove(created.id)).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await list(id)).data.total).toBe(1);
  });
});
