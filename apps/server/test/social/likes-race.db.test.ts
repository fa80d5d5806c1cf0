import type { Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createSocialKit, type SocialKit } from './social-kit.js';

/**
 * Concurrent likes. On PostgreSQL (server-pg) the requests really overlap in separate
 * connections; on PGlite they are serialised, so there this only checks the arithmetic.
 */
let kit: SocialKit;
let users: Session[];

beforeAll(async () => {
  kit = await createSocialKit();
  users = [];
  for (let i = 0; i < 10; i += 1) users.push(await kit.user());
});
afterAll(async () => {
  await kit?.close();
});

const like = (id: number, token: string) => kit.call('PUT', `/episodes/${id}/like`, { token });
const unlike = (id: number, token: string) => kit.call('DELETE', `/episodes/${id}/like`, { token });

/** The invariant: each counter equals the rows it counts. */
async function expectCountersMatchRows({ drama, episodes }: SeededDrama): Promise<void> {
  for (const episode of episodes) {
    const rows = await kit.scalar(sql`SELECT count(*) FROM episode_likes WHERE episode_id = ${episode.id}`);
    expect(await kit.scalar(sql`SELECT likes FROM episodes WHERE id = ${episode.id}`)).toBe(rows);
  }
  const rows = await kit.scalar(
    sql`SELECT count(*) FROM episode_likes l JOIN episodes e ON e.id = l.episode_id WHERE e.drama_id = ${drama.id}`,
  );
  expect(await kit.scalar(sql`SELECT likes FROM dramas WHERE id = ${drama.id}`)).toBe(rows);
}

describe('concurrent likes', () => {
  it('20 simultaneous likes by one user count once; 20 simultaneous take-backs once', async () => {
    const seeded = await seedDrama(kit.t.app);
    const episode = seeded.episodes[0]!.id;
    const token = users[0]!.token;
    const liked = await Promise.all(Array.from({ length: 20 }, () => like(episode, token)));
    expect(liked.map((res) => envelope(res).code)).toEqual(Array(20).fill(200));
    expect(liked.every((res) => envelope(res).data.liked === true)).toBe(true);
    expect(await kit.scalar(sql`SELECT likes FROM episodes WHERE id = ${episode}`)).toBe(1);
    await expectCountersMatchRows(seeded);

    const unliked = await Promise.all(Array.from({ length: 20 }, () => unlike(episode, token)));
    expect(unliked.map((res) => envelope(res).code)).toEqual(Array(20).fill(200));
    expect(await kit.scalar(sql`SELECT likes FROM episodes WHERE id = ${episode}`)).toBe(0);
    await expectCountersMatchRows(seeded);
  });

  it('10 users liking at once count 10, on the episode and the drama', async () => {
    const seeded = await seedDrama(kit.t.app);
    const episode = seeded.episodes[0]!.id;
    const results = await Promise.all(users.map((user) => like(episode, user.token)));
    expect(results.map((res) => envelope(res).code)).toEqual(Array(10).fill(200));
    expect(await kit.scalar(sql`SELECT likes FROM episodes WHERE id = ${episode}`)).toBe(10);
    expect(await kit.scalar(sql`SELECT likes FROM dramas WHERE id = ${seeded.drama.id}`)).toBe(10);
    await expectCountersMatchRows(seeded);
  });

  it('a storm of likes and take-backs across sibling episodes leaves every counter equal to its rows', async () => {
    const seeded = await seedDrama(kit.t.app);
    const requests = users.flatMap((user, i) =>
      seeded.episodes.flatMap((episode, j) =>
        (i + j) % 3 === 0
          ? [like(episode.id, user.token), unlike(episode.id, user.token), like(episode.id, user.token)]
          : [like(episode.id, user.token), unlike(episode.id, user.token)],
      ),
    );
    const results = await Promise.all(requests);
    expect(results.every((res) => envelope(res).code === 200)).toBe(true);
    await expectCountersMatchRows(seeded);
  });
});
