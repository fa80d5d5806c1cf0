import type { Home } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANGED_CHANNEL } from '../../src/services/catalog/catalog-changes.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Two API processes on one database and one Redis: a change said in one clears the other's
 * cached public answers at once, without waiting for the TTL.
 */
const redisUrl = process.env.REDIS_URL;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  if (!redisUrl) throw new Error('this suite needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  first = await createTestApp({ env: { REDIS_URL: redisUrl } });
  second = await createTestApp({
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
});
