import { Code } from '@cliffhanger/contract';
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

const like = (id: number | string, token?: string) => kit.call('PUT', `/episodes/${id}/like`, token ? { token } : {});
const unlike = (id: number | string, token?: string) =>
  kit.call('DELETE', `/episodes/${id}/like`, token ? { token } : {});
const episodeLikes = (id: number) => kit.scalar(sql`SELECT likes FROM episodes WHERE id = ${id}`);
const dramaLikes = (id: number) => kit.scalar(sql`SELECT likes FROM dramas WHERE id = ${id}`);
const likeRows = (id: number) => kit.scalar(sql`SELECT count(*) FROM episode_likes WHERE episode_id = ${id}`);

describe('PUT /episodes/:id/like', () => {
  it('likes once however often it is sent, counting on the episode and its drama', async () => {
    const { drama, episodes } = await seedDrama(kit.t.app);
    const episode = episodes[0]!.id;
    const me = await kit.user();
    const first = await like(episode, me.token);
    expect(first.statusCode).toBe(200);
    expect(envelope(first).data).toEqual({ liked: true, likes: 1 });
    expect(envelope(await like(episode, me.token)).data).toEqual({ liked: true, likes: 1 });
    expect(await likeRows(episode)).toBe(1);
    expect(await episodeLikes(episode)).toBe(1);
    expect(await dramaLikes(drama.id)).toBe(1);
  });

  it("sums a drama's likes over its episodes", async () => {
    const { drama, episodes } = await seedDrama(kit.t.app);
    const [a, b] = [await kit.user(), await kit.user()];
    await like(episodes[0]!.id, a.token);
    expect(envelope(await like(episodes[0]!.id, b.token)).data).toEqual({ liked: true, likes: 2 });
    await like(episodes[1]!.id, a.token);
    expect(await dramaLikes(drama.id)).toBe(3);
    expect(await episodeLikes(episodes[1]!.id)).toBe(1);
  });

  it('answers 10027 to a visitor and changes nothing', async () => {
    const { drama, episodes } = await seedDrama(kit.t.app);
    const res = await like(episodes[0]!.id);
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await unlike(episodes[0]!.id)).code).toBe(Code.NOT_SIGNED_IN);
    expect(await likeRows(episodes[0]!.id)).toBe(0);
    expect(await dramaLikes(drama.id)).toBe(0);
  });

  it('answers 10002 for an unknown episode and 10001 for a malformed id', async () => {
    const me = await kit.user();
    expect(envelope(await like(99_999_999, me.token)).code).toBe(Code.NOT_FOUND);
    expect(envelope(await unlike(99_999_999, me.token)).code).toBe(Code.NOT_FOUND);
    for (const bad of ['abc', '0', '-3']) {
      expect(envelope(await like(bad, me.token))).toMatchObject({
        code: Code.INVALID_INPUT,
        data: { fields: [{ field: 'params.id' }] },
      });
    }
    expect(await kit.scalar(sql`SELECT count(*) FROM episode_likes WHERE user_id = ${me.user.uid}`)).toBe(0);
  });
});

describe('DELETE /episodes/:id/like', () => {
  it('takes the like back once; repeats and never-liked are no-ops', async () => {
    const { drama, episodes } = await seedDrama(kit.t.app);
    const episode = episodes[0]!.id;
    const [me, other] = [await kit.user(), await kit.user()];
    await like(episode, me.token);
    await like(episode, other.token);
    expect(envelope(await unlike(episode, me.token)).data).toEqual({ liked: false, likes: 1 });
    expect(envelope(await unlike(episode, me.token)).data).toEqual({ liked: false, likes: 1 });
    const never = await kit.user();
    expect(envelope(await unlike(episode, never.token)).data).toEqual({ liked: false, likes: 1 });
    expect(await likeRows(episode)).toBe(1);
    expect(await dramaLikes(drama.id)).toBe(1);
  });
});
