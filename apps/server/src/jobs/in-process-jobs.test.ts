import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProcessMetrics } from '../observability/metrics.js';
import { InProcessJobs } from './in-process-jobs.js';
import {
  JOB_POLICIES,
  retryDelayMs,
  type JobHandlers,
  type JobOutcome,
  type JobPolicy,
  type JobResult,
} from './jobs.js';
import { type JobName } from '../services/jobs.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const COPY = { userId: 1, url: 'https://cdn.example/a.jpg', replaces: 'https://cdn.example/a.jpg' };

async function runs(metrics: ProcessMetrics, job: JobName, outcome: JobOutcome): Promise<number> {
  const text = await metrics.render();
  const line = text.split('\n').find((l) => l.startsWith(`job_runs_total{job="${job}",outcome="${outcome}"} `));
  return Number(line?.split(' ')[1]);
}

/** Every handler but the one under test refuses to run: a call there is a bug. */
function handlers(overrides: Partial<JobHandlers>): JobHandlers {
  const never = () => Promise.reject(new Error('not under test'));
  return {
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
    'edge-purge': never,
    ...overrides,
  };
}

function policies(avatarCopy: Partial<JobPolicy>): Record<JobName, JobPolicy> {
  return { ...JOB_POLICIES, 'avatar-copy': { ...JOB_POLICIES['avatar-copy'], ...avatarCopy } };
}

let metrics: ProcessMetrics;
let jobs: InProcessJobs | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  metrics = new ProcessMetrics();
});
afterEach(async () => {
  await jobs?.stop();
  jobs = undefined;
  vi.useRealTimers();
});

describe('retryDelayMs (as pg-boss 10 computes it)', () => {
  const policy: JobPolicy = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

  it('doubles with each failure, between d and 2d', () => {
    expect([0, 1, 2, 3].map((n) => retryDelayMs(policy, n, () => 0))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(policy, 0, () => 0.999)).toBeLessThan(10_000);
  });

  it('stays put without backoff', () => {
    expect(retryDelayMs({ ...policy, retryBackoff: false }, 3, () => 0.5)).toBe(5_000);
  });
});

describe('InProcessJobs', () => {
  it('retries a failing job with backoff and completes it once; the failures count as retried', async () => {
    const calls: number[] = [];
    const started = Date.now();
    jobs = new InProcessJobs({
      log: quiet,
      outcomes: metrics,
      policies: policies({ retryLimit: 3, retryDelay: 5 }),
      random: () => 0,
    });
    jobs.start(
      handlers({
        'avatar-copy': () => {
          calls.push(Date.now() - started);
          return calls.length < 3 ? Promise.reject(new Error('image host down')) : Promise.resolve({ copied: true });
        },
      }),
    );
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0]);
    // The first retry waits its 5 s: not a moment earlier.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 5_000]);
    // The second waits twice as long.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([0, 5_000, 15_000]);
    // Completed: never run again.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(3);
    expect(await runs(metrics, 'avatar-copy', 'retried')).toBe(2);
    expect(await runs(metrics, 'avatar-copy', 'completed')).toBe(1);
    expect(await runs(metrics, 'avatar-copy', 'failed')).toBe(0);
  });

  it('counts a job that succeeds at once as completed only (positive control)', async () => {
    let calls = 0;
    jobs = new InProcessJobs({ log: quiet, outcomes: metrics });
    jobs.start(handlers({ 'avatar-copy': () => Promise.resolve({ copied: (calls += 1) > 0 }) }));
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(1);
    expect(await runs(metrics, 'avatar-copy', 'completed')).toBe(1);
    expect(await runs(metrics, 'avatar-copy', 'retried')).toBe(0);
  });

  it('gives a job up after its retries: retried retryLimit times, then failed once', async () => {
    let calls = 0;
    jobs = new InProcessJobs({
      log: quiet,
      outcomes: metrics,
      policies: policies({ retryLimit: 2, retryDelay: 1 }),
      random: () => 0,
    });
    jobs.start(handlers({ 'avatar-copy': () => Promise.reject(new Error(`down ${(calls += 1)}`)) }));
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(3);
    expect(await runs(metrics, 'avatar-copy', 'retried')).toBe(2);
    expect(await runs(metrics, 'avatar-copy', 'failed')).toBe(1);
    expect(await runs(metrics, 'avatar-copy', 'completed')).toBe(0);
  });

  it('logs each try as one line: done, failed and retried, failed for good', async () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'info', fields, message }),
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'warn', fields, message }),
      error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
    };
    let calls = 0;
    jobs = new InProcessJobs({
      log,
      outcomes: metrics,
      policies: policies({ retryLimit: 1, retryDelay: 1 }),
      random: () => 0,
    });
    jobs.start(
      handlers({
        'avatar-copy': () =>
          (calls += 1) === 1 ? Promise.reject(new Error('down')) : Promise.resolve({ copied: true }),
      }),
    );
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines.map((l) => [l.level, l.message, l.fields.job, l.fields.try])).toEqual([
      ['error', 'job failed, it will be retried', 'avatar-copy', 1],
      ['info', 'job done', 'avatar-copy', 2],
    ]);
    expect(lines[1]?.fields.copied).toBe(true);
    expect(lines[0]?.fields.id).toBe(lines[1]?.fields.id);
  });

  it('runs the jobs sent before start once it starts', async () => {
    const seen: unknown[] = [];
    jobs = new InProcessJobs({ log: quiet, outcomes: metrics });
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([]);
    jobs.start(handlers({ 'avatar-copy': (data) => Promise.resolve({ seen: seen.push(data) }) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([COPY]);
  });

  it('skips a scheduled tick while the previous run of a singleton is still going', async () => {
    let running = 0;
    let calls = 0;
    const release: (() => void)[] = [];
    jobs = new InProcessJobs({ log: quiet, outcomes: metrics });
    jobs.start(
      handlers({
        'coin-expiry': () => {
          calls += 1;
          running += 1;
          return new Promise<JobResult>((resolve) =>
            release.push(() => {
              running -= 1;
              resolve({ users: 0, coins: 0 });
            }),
          );
        },
      }),
    );
    jobs.schedule('coin-expiry', {}, 1_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    expect(running).toBe(1);
    release.shift()?.();
    // The next tick (and the zero delay of the job it queues) runs it again.
    await vi.advanceTimersByTimeAsync(1_001);
    expect(calls).toBe(2);
    expect(await runs(metrics, 'coin-expiry', 'completed')).toBe(1);
    release.shift()?.();
  });

  it('fails a run past its expiry and retries it', async () => {
    let calls = 0;
    jobs = new InProcessJobs({
      log: quiet,
      outcomes: metrics,
      policies: policies({ retryLimit: 1, retryDelay: 1, expireInSeconds: 2 }),
      random: () => 0,
    });
    jobs.start(
      handlers({
        'avatar-copy': () =>
          (calls += 1) === 1 ? new Promise<JobResult>(() => undefined) : Promise.resolve({ copied: true }),
      }),
    );
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await runs(metrics, 'avatar-copy', 'retried')).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(await runs(metrics, 'avatar-copy', 'completed')).toBe(1);
  });

  it('on stop aborts a handler waiting on the network, drops its retry and refuses new jobs', async () => {
    let calls = 0;
    let aborted = false;
    jobs = new InProcessJobs({ log: quiet, outcomes: metrics });
    jobs.start(
      handlers({
        'avatar-copy': (_data, { signal }) =>
          new Promise<JobResult>((_resolve, reject) => {
            calls += 1;
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('aborted'));
            });
          }),
      }),
    );
    await jobs.send('avatar-copy', COPY);
    await vi.advanceTimersByTimeAsync(0);
    await jobs.stop();
    expect(aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(1);
    // Given up, not retried: this process will not try it again.
    expect(await runs(metrics, 'avatar-copy', 'failed')).toBe(1);
    expect(await runs(metrics, 'avatar-copy', 'retried')).toBe(0);
    await expect(jobs.send('avatar-copy', COPY)).rejects.toThrow(/stopped/);
  });
});
