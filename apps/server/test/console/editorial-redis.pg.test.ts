import type { Home } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX } from '@cliffhanger/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/**
 * Two API processes on one database and one Redis: an editor reorders home on the first, and the
 * second's viewers see the new order within seconds. The second runs on a clock that never moves,
 * so its cached home never expires by age: only the Redis message can clear it.
 */
const redisUrl = process.env.REDIS_URL;
const clock = new TestClock();
const frozen = new TestClock();
let first: TestApp;
let second: TestApp;
let seeded: SeededDrama[];

beforeAll(async () => {
  if (!redisUrl) throw new Error('this suite needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  first = await createTestApp({ env: { REDIS_URL: redisUrl }, clock: clock.now });
  second = await createTestApp({
    env: { REDIS_URL: redisUrl, DATABASE_URL: first.config.databaseUrl ?? '' },
    clock: frozen.now,
  });
  const released = new Date('2026-01-01T00:00:00Z');
  seeded = [];
  for (let i = 0; i < 3; i += 1) seeded.push(await seedDrama(first.app, { publishedAt: released }));
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const homeOf = async (t: TestApp) => envelope<Home>(await t.app.inject({ method: 'GET', url: '/api/v1/home' })).data;

/** Polls until `check` passes: pub/sub delivery is asynchronous, so there is no instant to assert at. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

describe('an editorial change across processes (Redis pub/sub)', () => {
  it("reorders the banners and the shelf on one process; the other's home follows within seconds", async () => {
    const [x, y, z] = seeded.map((s) => s.drama.id) as [number, number, number];
    // The second process caches its home now, before any placement.
    await eventually(async () => (await homeOf(second)).latest.length === 3);
    expect((await homeOf(second)).banners.map((b) => b.drama_id)).toEqual([x, y, z]);

    const editor = await signedInOperator(first.app, clock, 'editor');
    const put = (list: string, ids: number[]) =>
      first.app.inject({
        method: 'PUT',
        url: `${CONSOLE_API_PREFIX}/editorial/${list}`,
        headers: consoleHeaders(editor),
        payload: { drama_ids: ids, reason: 'cross-process test' },
      });
    expect((await put('banners', [z, x])).statusCode).toBe(200);
    expect((await put('shelf', [y, z])).statusCode).toBe(200);

    await eventually(async () => {
      const home = await homeOf(second);
      return (
        home.banners.map((b) => b.drama_id).join() === [z, x].join() &&
        home.recommended.map((card) => card.id).join() === [y, z].join()
      );
    });
  });
});
