import { JOB, type JobData, type JobName } from '../services/jobs.js';

/** Every queue, in a fixed order (metrics start a series at 0 for each). */
export const JOB_NAMES: readonly JobName[] = Object.freeze(Object.values(JOB));

/**
 * How a run ended: `completed`; `retried`, it failed and the job will be tried again after a
 * delay; `failed`, it failed with no tries left, so the job is given up.
 */
export const JOB_OUTCOMES = ['completed', 'retried', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/**
 * A handler answers what its log line should say; a throw is a failed run. `signal` is aborted
 * when the process stops: a handler waiting on the network gives up at once.
 */
export type JobResult = Record<string, unknown>;
export type JobHandler<N extends JobName> = (data: JobData[N], context: { signal: AbortSignal }) => Promise<JobResult>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * Each queue's rules, the same for pg-boss (job-queue.ts) and for the in-process runner: a failed
 * job is tried again up to `retryLimit` times, the delay (seconds) doubling each time with
 * `retryBackoff`; a run past `expireInSeconds` counts as failed (and is retried) rather than
 * holding its slot forever. `singleton`: one run at a time.
 */
export interface JobPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  policy?: 'singleton';
}

export const JOB_POLICIES: Readonly<Record<JobName, JobPolicy>> = Object.freeze({
  [JOB.coinExpiry]: { policy: 'singleton', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
  // The next count (every ten minutes) reads the same plays again, so one retry is plenty.
  [JOB.chartsRefresh]: {
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 600,
  },
  [JOB.catalogImport]: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 6 * 3600 },
  // An image host's hiccup passes in seconds, an outage in minutes: 5 tries spread over about
  // 5 minutes. A copy is one small download and decode, so a minute is plenty.
  [JOB.avatarCopy]: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  // An import that broke for a reason other than its video (storage, the database) is tried again:
  // three runs in all, as the import's own count of attempts allows (episode-import.service.ts).
  // The bound is generous: a run first waits its turn behind the process's other transcodes.
  [JOB.episodeImport]: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 6 * 3600 },
  [JOB.episodeUploadSweep]: {
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 600,
  },
  // The next run (every few minutes) recomputes the same days, so one retry is plenty.
  [JOB.reportsRefresh]: {
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 600,
  },
  // The next run recomputes everything from the plays again, so one retry is plenty.
  [JOB.recommendationsRefresh]: {
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 600,
  },
  // A failed fan-out or send is tried again; the deliveries' unique key keeps a repeat from
  // notifying anyone twice, and each delivery keeps its own retries (push-dispatch.service.ts).
  [JOB.pushNewEpisode]: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  // A CDN's API that fails or throttles is tried again for one to two hours (8 tries, the delay
  // doubling from 30 s); until then cached copies stay, as they would without a purge.
  [JOB.edgePurge]: { retryLimit: 7, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  // Runs every minute: the next tick is the retry.
  [JOB.pushReminders]: {
    policy: 'singleton',
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 300,
  },
});

/**
 * Milliseconds before the next try of a job that has failed `retryCount + 1` times, as pg-boss
 * 10 computes it: with backoff, between d and 2d where d = retryDelay × 2^retryCount (the random
 * part spreads retries of many jobs failing together).
 */
export function retryDelayMs(policy: JobPolicy, retryCount: number, random: () => number = Math.random): number {
  if (!policy.retryBackoff) return policy.retryDelay * 1000;
  const base = (policy.retryDelay * 2 ** Math.min(16, retryCount + 1)) / 2;
  return Math.round((base + base * random()) * 1000);
}
