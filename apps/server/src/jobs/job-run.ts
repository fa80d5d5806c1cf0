import type { JobOutcome, JobResult } from './jobs.js';
import type { JobName } from '../services/jobs.js';

export interface JobLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Where run outcomes are counted (`job_runs_total` of this process). */
export interface JobOutcomes {
  jobRun(job: JobName, outcome: JobOutcome): void;
}

export interface JobRun {
  name: JobName;
  id: string;
  /** Tries before this one (0 on the first). */
  retryCount: number;
  /** Asked after a failure: will the job be tried again? */
  willRetry: () => boolean;
  /** A try still running after this long counts as failed, as the queue then fails the job. */
  expireInSeconds: number;
}

class JobExpired extends Error {
  constructor(name: JobName, seconds: number) {
    super(`${name} ran longer than ${seconds} s`);
    this.name = 'JobExpired';
  }
}

/** Settles at the expiry at the latest (the work itself may go on; it was to be safe to repeat). */
function withExpiry<T>(work: Promise<T>, name: JobName, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new JobExpired(name, seconds)), seconds * 1000);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * Runs one try of a job, logs it as one line and counts its outcome, in whichever process runs
 * it (the pg-boss worker or an API process running its jobs itself), so both report alike. A
 * failure is rethrown: the caller's queue decides the retry. A try past its expiry fails here
 * when the queue fails it (pg-boss gives a handler the same time), so the count agrees with it.
 */
export async function runJob(
  run: JobRun,
  work: () => Promise<JobResult>,
  deps: { log: JobLog; outcomes: JobOutcomes },
): Promise<JobResult> {
  const started = Date.now();
  const fields = { job: run.name, id: run.id, try: run.retryCount + 1 };
  try {
    const result = await withExpiry(work(), run.name, run.expireInSeconds);
    deps.outcomes.jobRun(run.name, 'completed');
    deps.log.info({ ...fields, ms: Date.now() - started, ...result }, 'job done');
    return result;
  } catch (error) {
    const retried = run.willRetry();
    deps.outcomes.jobRun(run.name, retried ? 'retried' : 'failed');
    deps.log.error(
      { ...fields, ms: Date.now() - started, err: error },
      retried ? 'job failed, it will be retried' : 'job failed with no tries left',
    );
    throw error;
  }
}
