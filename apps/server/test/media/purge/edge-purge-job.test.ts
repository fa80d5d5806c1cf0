import { fastlyOutage, startFakeFastly, type FakeFastly } from '@cliffhanger/test-kit/fakes/fake-fastly';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runEdgePurge } from '../../../src/jobs/edge-purge.job.js';
import { InProcessJobs } from '../../../src/jobs/in-process-jobs.js';
import type { JobLog } from '../../../src/jobs/job-run.js';
import { JOB_POLICIES, type JobHandlers, type JobOutcome } from '../../../src/jobs/jobs.js';
import { EdgePurges } from '../../../src/media/purge/edge-purges.js';
import { FastlyPurger } from '../../../src/media/purge/fastly-purger.js';
import type { JobName, JobSender } from '../../../src/services/jobs.js';

/**
 * A purge asked for by a service runs as an `edge-purge` job under the queue's own rules: a CDN
 * that fails is asked again, with backoff, until it answers. The policy's delays are shortened
 * here (30 s and up in production) so the retries happen within the test.
 */

const serviceId = 'SU1Z0isxPaozGVKXdv0eY';
const apiToken = 'fastly-token-0123456789';
const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let fastly: FakeFastly;
let jobs: InProcessJobs | undefined;

beforeAll(async () => {
  fastly = await startFakeFastly({ serviceId, apiToken });
});
afterEach(async () => {
  await jobs?.stop();
  jobs = undefined;
});
afterAll(() => fastly.close());

function startJobs(outcomes: [JobName, JobOutcome][]): InProcessJobs {
  const purger = new FastlyPurger({ serviceId, apiToken, apiBase: fastly.url });
  const never = () => Promise.reject(new Error('not under test'));
  const handlers: JobHandlers = {
    'coin-expiry': never,
    'charts-refresh': never,
    'catalog-import': never,
    'avatar-copy': never,
    'episode-import': never,
    'episode-upload-sweep': never,
    'reports-refresh': never,
    'recommendations-refresh': never,
    'push-new-episode': never,
    'push-reminders': never,
    'edge-purge': (data, { signal }) => runEdgePurge(purger, data, signal),
  };
  const started = new InProcessJobs({
    log: quiet,
    outcomes: { jobRun: (job, outcome) => outcomes.push([job, outcome]) },
    policies: { ...JOB_POLICIES, 'edge-purge': { ...JOB_POLICIES['edge-purge'], retryDelay: 0.02 } },
    random: () => 0,
  });
  started.start(handlers);
  return started;
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the edge-purge job', () => {
  it('keeps the production policy: retried with backoff for one to two hours', () => {
    expect(JOB_POLICIES['edge-purge']).toEqual({
      retryLimit: 7,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 300,
    });
  });

  it('asks a failing CDN again until it answers', async () => {
    const outcomes: [JobName, JobOutcome][] = [];
    jobs = startJobs(outcomes);
    const purges = new EdgePurges({ jobs, enabled: true, log: quiet });
    fastly.failNext(fastlyOutage(), 2);
    const before = fastly.purges.length;

    await purges.request(['episodes/the-heiress/3-a1b2c3d4']);
    await until(() => fastly.purges.length > before);
    // The run's outcome is recorded once the CDN's answer is back: after the purge arrived there.
    await until(() => outcomes.length === 3);

    expect(fastly.purges.slice(before).map((p) => p.key)).toEqual(['the-heiress.3-a1b2c3d4']);
    expect(outcomes).toEqual([
      ['edge-purge', 'retried'],
      ['edge-purge', 'retried'],
      ['edge-purge', 'completed'],
    ]);
  });

  it('queues nothing with MEDIA_CDN_PURGE=none, and refuses what is not a purge scope', async () => {
    const sent: JobName[] = [];
    const recording: JobSender = {
      send: (name) => {
        sent.push(name);
        return Promise.resolve();
      },
    };
    await new EdgePurges({ jobs: recording, enabled: false, log: quiet }).request(['episodes/the-heiress/3-a1b2c3d4']);
    expect(sent).toEqual([]);

    const enabled = new EdgePurges({ jobs: recording, enabled: true, log: quiet });
    await enabled.request(['', 'episodes/a/1-x', 'episodes/a/1-x']);
    expect(sent).toEqual(['edge-purge']);
    await expect(enabled.request(['episodes/../posters'])).rejects.toThrow(RangeError);
    await expect(enabled.request(['posters/a.jpg'])).rejects.toThrow(RangeError);
    expect(sent).toEqual(['edge-purge']);
  });

  it('logs a purge it could not queue instead of failing the change', async () => {
    const warnings: unknown[] = [];
    const broken: JobSender = { send: () => Promise.reject(new Error('queue down')) };
    const purges = new EdgePurges({
      jobs: broken,
      enabled: true,
      log: { warn: (fields) => warnings.push(fields.scopes) },
    });
    await purges.request(['episodes/a/1-x']);
    expect(warnings).toEqual([['episodes/a/1-x']]);
  });
});
