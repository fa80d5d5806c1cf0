import { Code, type Home } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANGED_CHANNEL } from '../../src/services/catalog/catalog-changes.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, setPublishedAt } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/**
 * Two API processes on one database and one Redis: a change said in one clears the other's
 * cached public answers at once, without waiting for the TTL. The clock stands still unless a test
 * moves it, so no answer expires on its own meanwhile.
 */
const redisUrl = process.env.REDIS_URL;
const clock = new TestClock();
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  if (!redisUrl) throw new Error('this suite needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  first = await createTestApp({ clock: clock.now, env: { REDIS_URL: redisUrl } });
  second = await createTestApp({
    clock: clock.now,
    env: { REDIS_URL: redisUrl, DATABASE_URL: first.config.databaseUrl ?? '' },
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const homeIds = async (t: TestApp) =>
  envelope<Home>(await t.app.inject({ method: 'GET', url: '/api/v1/home' })).data.latest.map((card) => card.id);

/** Polls until `check` passes: pub/sub delivery is asynchronous, so there is no instant to assert at. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('never happened');
}

describe('catalogue changes across processes (Redis pub/sub)', () => {
  it(`publishes on ${CATALOG_CHANGED_CHANNEL} and the other process drops its cached home`, async () => {
    expect(await homeIds(second)).toEqual([]);
    // Written through the first app only; the second has the empty home in memory.
    const added = await seedDrama(first.app);
    await eventually(async () => (await homeIds(second)).includes(added.drama.id));
    expect(await homeIds(first)).toContain(added.drama.id);
  });

  it("an unpublish in one process takes the drama out of the other's cached answers", async () => {
    const { drama } = await seedDrama(first.app);
    await eventually(async () => (await homeIds(second)).includes(drama.id));
    const page = (t: TestApp) => t.app.inject({ method: 'GET', url: `/api/v1/dramas/${drama.id}` });
    // The other process has the drama's page and home in memory.
    expect((await page(second)).statusCode).toBe(200);

    await setPublishedAt(first.app, drama.id, null);
    expect(await homeIds(first)).not.toContain(drama.id);
    await eventually(async () => !(await homeIds(second)).includes(drama.id));
    expect(envelope(await page(second)).code).toBe(Code.NOT_FOUND);
  });

  it('a scheduled release appears in both processes at its time, with no message between them', async () => {
    let heard = 0;
    second.app.services.catalogChanges.subscribe(() => (heard += 1));
    const { drama } = await seedDrama(first.app, { publishedAt: new Date(clock.now().getTime() + 60_000) });
    // The other process has heard of the scheduled drama (as the console's change would tell it).
    await eventually(() => Promise.resolve(heard > 0));
    // A second before the release both have home in memory, without it.
    clock.advance(59);
    expect(await homeIds(first)).not.toContain(drama.id);
    expect(await homeIds(second)).not.toContain(drama.id);
    clock.advance(1);
    expect(await homeIds(first)).toContain(drama.id);
    expect(await homeIds(second)).toContain(drama.id);
  });
});
