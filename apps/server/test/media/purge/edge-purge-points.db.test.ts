import { Code } from '@cliffhanger/contract';
import { startFakeFastly, type FakeFastly } from '@cliffhanger/test-kit/fakes/fake-fastly';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeKey } from '../../../src/media/purge/purge-scope.js';
import { envelope } from '../../helpers/accounts.js';
import { seedDrama } from '../../helpers/catalog-fixture.js';
import { consoleCaller } from '../../helpers/console-catalogue.js';
import { signedInOperator } from '../../helpers/console-operator.js';
import { sample } from '../../helpers/prometheus.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { TestClock } from '../../helpers/test-clock.js';

/**
 * Where media stops being served, the app queues a purge and its in-process job tells the CDN
 * (here Fastly's fake): an unpublished or rescheduled drama, a deleted episode. With
 * MEDIA_CDN_PURGE=none nothing is queued. (Replaced directories of imports: delete-superseded's
 * and the import's own tests.)
 */

const serviceId = 'SU1Z0isxPaozGVKXdv0eY';
const apiToken = 'fastly-token-0123456789';
const clock = new TestClock();
let fastly: FakeFastly;
let t: TestApp;
let plain: TestApp;
let api: ReturnType<typeof consoleCaller>;

beforeAll(async () => {
  fastly = await startFakeFastly({ serviceId, apiToken });
  t = await createTestApp({
    clock: clock.now,
    env: {
      MEDIA_CDN_PURGE: 'fastly',
      MEDIA_CDN_FASTLY_SERVICE_ID: serviceId,
      MEDIA_CDN_FASTLY_API_TOKEN: apiToken,
      MEDIA_CDN_FASTLY_API_BASE: fastly.url,
    },
  });
  api = consoleCaller(t.app, await signedInOperator(t.app, clock, 'editor'));
  plain = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await fastly?.close();
});

/** The keys Fastly is asked to purge from now on, once `count` have arrived. */
async function purgedKeys(work: () => Promise<unknown>, count: number): Promise<string[]> {
  const before = fastly.purges.length;
  await work();
  const deadline = Date.now() + 5_000;
  while (fastly.purges.length < before + count) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // A moment more: a purge that should not have been asked for would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fastly.purges.slice(before).map((purge) => purge.key);
}

describe('purges where media stops being served', () => {
  it('unpublishing a released drama purges the whole drama', async () => {
    const { drama } = await seedDrama(t.app);
    const keys = await purgedKeys(async () => {
      const response = await api.send('POST', `/catalogue/dramas/${drama.id}/unpublish`, {});
      expect(envelope(response).code).toBe(Code.OK);
    }, 1);
    expect(keys).toEqual([drama.slug]);
  });

  it('scheduling a released drama for later purges it; scheduling or unpublishing one not out yet does not', async () => {
    const released = (await seedDrama(t.app)).drama;
    const later = new Date(clock.now().getTime() + 86_400_000).toISOString();
    expect(
      await purgedKeys(() => api.send('POST', `/catalogue/dramas/${released.id}/schedule`, { published_at: later }), 1),
    ).toEqual([released.slug]);

    const draft = (await seedDrama(t.app, { publishedAt: null })).drama;
    const keys = await purgedKeys(async () => {
      await api.send('POST', `/catalogue/dramas/${draft.id}/schedule`, { published_at: later });
      await api.send('POST', `/catalogue/dramas/${draft.id}/unpublish`, {});
    }, 0);
    expect(keys).toEqual([]);
  });

  it('deleting an episode purges its directory', async () => {
    const seeded = await seedDrama(t.app, { episodes: 2, publishedAt: null });
    const doomed = seeded.episodes[1]!;
    const keys = await purgedKeys(async () => {
      const response = await api.send('DELETE', `/catalogue/dramas/${seeded.drama.id}/episodes/${doomed.id}`, {});
      expect(envelope(response).code).toBe(Code.OK);
    }, 1);
    expect(keys).toEqual([scopeKey(doomed.mediaDir)]);
    expect(keys[0]).toBe(`${seeded.drama.slug}.${doomed.mediaDir.split('/')[2]}`);
  });

  it('queues nothing with MEDIA_CDN_PURGE=none', async () => {
    const editor = consoleCaller(plain.app, await signedInOperator(plain.app, clock, 'editor'));
    const { drama } = await seedDrama(plain.app);
    expect(envelope(await editor.send('POST', `/catalogue/dramas/${drama.id}/unpublish`, {})).code).toBe(Code.OK);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const metrics = (await plain.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const outcome of ['completed', 'retried', 'failed']) {
      expect(sample(metrics, 'job_runs_total', { job: 'edge-purge', outcome }) ?? 0).toBe(0);
    }
    const mine = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(mine, 'job_runs_total', { job: 'edge-purge', outcome: 'completed' })).toBeGreaterThan(0);
  });
});
