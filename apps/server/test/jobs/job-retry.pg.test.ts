import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { JOB_POLICIES } from '../../src/jobs/jobs.js';
import type { JobLog } from '../../src/jobs/job-run.js';
import { startJobWorker } from '../../src/jobs/job-worker.js';
import { AVATAR_PATH } from '../../src/media/storage/media-paths.js';
import { ProcessMetrics } from '../../src/observability/metrics.js';
import { FakePictureHost, pictureBytes, until } from '../helpers/provider-pictures.js';
import { sample } from '../helpers/prometheus.js';
import { createOAuthTestApp, sessionOf, signIn, type OAuthTestApp } from '../oauth/oauth-test-app.js';

/**
 * A job through pg-boss on real PostgreSQL, as production runs it: the API (JOB_RUNNER=worker)
 * queues the avatar copy at sign-in, and the worker's handler fails the first time (the image
 * host answers 503). pg-boss retries it after the queue's backoff and it completes exactly once;
 * the worker's own metrics show the failed try as `retried` and the second as `completed`.
 */
const host = new FakePictureHost();
const metrics = new ProcessMetrics();
const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
const log: JobLog = {
  info: (fields, message) => lines.push({ level: 'info', fields, message }),
  warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  error: (fields, message) => lines.push({ level: 'error', fields, message }),
};
let t: OAuthTestApp;
let worker: { stop(): Promise<void> } | undefined;
let queue: pg.Client;
let picture: Buffer;

beforeAll(async () => {
  t = await createOAuthTestApp({ JOB_RUNNER: 'worker' }, { providerImages: host.fetch });
  queue = new pg.Client({ connectionString: t.config.databaseUrl });
  await queue.connect();
  picture = await pictureBytes();
});
afterAll(async () => {
  await worker?.stop();
  await queue?.end();
  await t?.close();
});

const avatarOf = async (uid: number) =>
  (await t.app.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, uid)))[0]?.avatar;
const runs = async (outcome: string) =>
  sample(await metrics.render(), 'job_runs_total', { job: 'avatar-copy', outcome }) ?? 0;

/** pg-boss's rows of the avatar-copy queue (completed jobs move to the archive later on). */
async function copyJobs(): Promise<{ id: string; state: string; retry_count: number; data: { userId: number } }[]> {
  const { rows } = await queue.query(
    `SELECT id, state::text, retry_count, data FROM pgboss.job WHERE name = 'avatar-copy'
     UNION ALL SELECT id, state::text, retry_count, data FROM pgboss.archive WHERE name = 'avatar-copy'`,
  );
  return rows as { id: string; state: string; retry_count: number; data: { userId: number } }[];
}

async function signInWithPicture(subject: string, url: string) {
  t.fakes.google.setProfile({ subject, name: 'Queued', picture: url });
  const res = await signIn(t, 'google');
  expect(res.statusCode).toBe(200);
  return sessionOf(res);
}

describe('a failing job on pg-boss', () => {
  it('is retried with backoff and completes exactly once, the failure and the retry in the metrics', async () => {
    const url = 'https://lh3.example/flaky.png';
    host.down(url, 1).serve(url, picture);
    // No worker yet: the sign-in only queued the job and answered.
    const session = await signInWithPicture('flaky', url);
    expect(session.user.avatar).toBe(url);
    const queued = await copyJobs();
    expect(queued.map((job) => [job.state, job.data.userId])).toEqual([['created', session.user.uid]]);
    expect(host.downloads).toEqual([]);

    worker = await startJobWorker(t.config.databaseUrl!, {
      config: t.config,
      db: t.app.database.db,
      clock: t.app.services.clock,
      log,
      metrics,
      media: t.app.services.media,
      providerImages: host.fetch,
    });
    await until('the copy landed', async () => AVATAR_PATH.test((await avatarOf(session.user.uid)) ?? ''), 60_000);

    // Two tries, the second after the queue's retry delay (5 s, doubled with each failure).
    expect(host.count(url)).toBe(2);
    const [first, second] = host.downloads;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(JOB_POLICIES['avatar-copy'].retryDelay * 1000);
    expect(await runs('retried')).toBe(1);
    expect(await runs('completed')).toBe(1);
    expect(await runs('failed')).toBe(0);

    // One job, completed once, on its second try.
    await until('pg-boss recorded the completion', async () => (await copyJobs())[0]?.state === 'completed');
    const jobs = await copyJobs();
    expect(jobs.map((job) => [job.state, job.retry_count])).toEqual([['completed', 1]]);
    const tries = lines.filter((line) => line.fields.job === 'avatar-copy' && line.fields.id === jobs[0]!.id);
    expect(tries.map((line) => [line.level, line.message, line.fields.try])).toEqual([
      ['error', 'job failed, it will be retried', 1],
      ['info', 'job done', 2],
    ]);

    // The runs were the worker's: the API process that queued the job counted none.
    const api = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(api, 'job_runs_total', { job: 'avatar-copy', outcome: 'completed' }) ?? 0).toBe(0);
    expect(sample(api, 'job_runs_total', { job: 'avatar-copy', outcome: 'retried' }) ?? 0).toBe(0);
  }, 90_000);

  it('runs a healthy job once, with no retry (positive control), and a repeat of it changes nothing', async () => {
    const url = 'https://lh3.example/healthy.png';
    host.serve(url, picture);
    const retried = await runs('retried');
    const completed = await runs('completed');
    const session = await signInWithPicture('healthy', url);
    await until('the copy landed', async () => AVATAR_PATH.test((await avatarOf(session.user.uid)) ?? ''), 30_000);
    const avatar = await avatarOf(session.user.uid);
    expect(host.count(url)).toBe(1);
    expect(await runs('completed')).toBe(completed + 1);
    expect(await runs('retried')).toBe(retried);

    // The same job again (a duplicate in the queue): it completes, but downloads and changes nothing.
    await t.app.jobs.send('avatar-copy', { userId: session.user.uid, url, replaces: url });
    await until('the repeat ran', async () => (await runs('completed')) === completed + 2, 30_000);
    expect(host.count(url)).toBe(1);
    expect(await avatarOf(session.user.uid)).toBe(avatar);
    expect(await runs('failed')).toBe(0);
  }, 60_000);
});
