import { runJob, type JobLog, type JobOutcomes } from './job-run.js';
import { JOB_POLICIES, retryDelayMs, type JobHandlers, type JobPolicy } from './jobs.js';
import { type JobData, type JobName, type JobSender } from '../services/jobs.js';

export interface InProcessJobsDeps {
  log: JobLog;
  outcomes: JobOutcomes;
  /** Defaults to JOB_POLICIES, the pg-boss queues' own rules. */
  policies?: Readonly<Record<JobName, JobPolicy>>;
  /** The random part of the backoff (tests fix it). */
  random?: () => number;
}

interface QueuedJob {
  id: string;
  name: JobName;
  data: unknown;
  retryCount: number;
}

/**
 * The background jobs run by this process itself (JOB_RUNNER=in-process, the only choice in
 * embedded mode, where there is no PostgreSQL server for pg-boss): the same handlers under the
 * same rules as the worker's queues (retries with the same backoff, expiry, one run at a time
 * for a singleton), logged and counted the same way. Jobs live in memory: a stop drops those not
 * yet run, which every job here tolerates (the coin sweep runs again on the next tick, and a
 * lost avatar copy is queued again at the user's next sign-in).
 */
export class InProcessJobs implements JobSender {
  private handlers: JobHandlers | undefined;
  /** Sent before `start`: run once the handlers are known. */
  private readonly early: QueuedJob[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  /** Jobs per singleton queue that are waiting, running or waiting for their retry. */
  private readonly busy = new Map<JobName, number>();
  private readonly abort = new AbortController();
  private readonly policies: Readonly<Record<JobName, JobPolicy>>;
  private nextId = 1;
  private stopped = false;

  constructor(private readonly deps: InProcessJobsDeps) {
    this.policies = deps.policies ?? JOB_POLICIES;
  }

  /** Starts running jobs with these handlers, those sent so far first. */
  start(handlers: JobHandlers): void {
    this.handlers = handlers;
    for (const job of this.early.splice(0)) this.dispatch(job, 0);
  }

  send<N extends JobName>(name: N, data: JobData[N]): Promise<void> {
    if (this.stopped) return Promise.reject(new Error(`${name} was not queued: jobs are stopped`));
    const job: QueuedJob = { id: `local-${this.nextId++}`, name, data, retryCount: 0 };
    if (this.handlers) this.dispatch(job, 0);
    else this.early.push(job);
    return Promise.resolve();
  }

  /**
   * Queues `name` every `intervalMs`. A tick that finds the previous job of a singleton queue
   * still running or waiting for its retry is skipped, as pg-boss's singleton policy would keep it.
   */
  schedule(name: JobName, data: JobData[JobName], intervalMs: number): void {
    const timer = setInterval(() => {
      if (this.policies[name].policy === 'singleton' && this.busy.has(name)) return;
      void this.send(name, data).catch(() => undefined);
    }, intervalMs);
    // Jobs never keep a process alive on their own (the CLI, tests).
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * Stops scheduling and retrying, aborts handlers waiting on the network, and waits for runs in
   * progress (call it before the database closes). Jobs not yet run are dropped.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    // Node clears a timeout and an interval alike with either call.
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    this.early.length = 0;
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  private dispatch(job: QueuedJob, delayMs: number, retry = false): void {
    const policy = this.policies[job.name];
    if (policy.policy === 'singleton' && !retry) this.busy.set(job.name, (this.busy.get(job.name) ?? 0) + 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.execute(job, policy);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private execute(job: QueuedJob, policy: JobPolicy): void {
    const handler = this.handlers?.[job.name] as
      ((data: unknown, context: { signal: AbortSignal }) => ReturnType<JobHandlers[JobName]>) | undefined;
    if (!handler || this.stopped) return this.settle(job);
    const canRetry = () => !this.stopped && job.retryCount < policy.retryLimit;
    const run = runJob(
      {
        name: job.name,
        id: job.id,
        retryCount: job.retryCount,
        willRetry: canRetry,
        expireInSeconds: policy.expireInSeconds,
      },
      () => handler(job.data, { signal: this.abort.signal }),
      { log: this.deps.log, outcomes: this.deps.outcomes },
    ).then(
      () => this.settle(job),
      () => {
        if (!canRetry()) return this.settle(job);
        const delay = retryDelayMs(policy, job.retryCount, this.deps.random);
        this.dispatch({ ...job, retryCount: job.retryCount + 1 }, delay, true);
      },
    );
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private settle(job: QueuedJob): void {
    const left = (this.busy.get(job.name) ?? 0) - 1;
    if (left > 0) this.busy.set(job.name, left);
    else this.busy.delete(job.name);
  }
}
