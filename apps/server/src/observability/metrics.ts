import { WALLET_KINDS, type WalletKind } from '@cliffhanger/contract';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { JOB_NAMES, JOB_OUTCOMES, type JobOutcome } from '../jobs/jobs.js';
import { type JobName } from '../services/jobs.js';

/**
 * Seconds. Fine steps up to the API's goal (p99 under 50 ms, docs/performance.md), so a drift
 * from 10 to 30 ms shows; coarse ones beyond, where a request is already too slow.
 */
const HTTP_DURATION_BUCKETS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** The route label of a request no route matched: raw URLs would make a series per probed path. */
export const UNMATCHED_ROUTE = 'unmatched';

const VIEWER_KINDS = ['visitor', 'signed_in'] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/**
 * What every process that does work reports: its default process metrics, the ledger entries it
 * committed and the background job runs it ran, in a registry of its own (tests build many apps
 * in one process, and the global registry would mix their counters and refuse a second
 * registration of a name). Series with known labels start at 0, so `rate()` sees their first
 * increment. The worker (`npm run worker`) exposes exactly this; the API adds its own below.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  private readonly ledgerEntries = new Counter({
    name: 'ledger_entries_total',
    help: 'Wallet ledger entries committed by this process, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Tries of background jobs run by this process, by job (queue name) and outcome: completed, retried (failed, tried again later) or failed (no tries left).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const kind of WALLET_KINDS) this.ledgerEntries.inc({ kind }, 0);
    for (const job of JOB_NAMES) for (const outcome of JOB_OUTCOMES) this.jobRuns.inc({ job, outcome }, 0);
  }

  ledgerEntry(kind: WalletKind): void {
    this.ledgerEntries.inc({ kind });
  }

  jobRun(job: JobName, outcome: JobOutcome): void {
    this.jobRuns.inc({ job, outcome });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition format Prometheus scrapes. */
  render(): Promise<string> {
    return this.registry.metrics();
  }
}

/** The metrics of one API app instance: the process's, plus request durations and playback starts. */
export class AppMetrics extends ProcessMetrics {
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [...HTTP_DURATION_BUCKETS],
    registers: [this.registry],
  });
  private readonly playbackStarts = new Counter({
    name: 'playback_starts_total',
    help: 'Episodes handed out for playback (GET /episodes/:id/play answered 200), by viewer kind.',
    labelNames: ['viewer'] as const,
    registers: [this.registry],
  });

  constructor() {
    super();
    for (const viewer of VIEWER_KINDS) this.playbackStarts.inc({ viewer }, 0);
  }

  /** `route` is the route's pattern (`/api/v1/dramas/:id`), undefined when none matched. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode }, seconds);
  }

  playbackStart(viewer: ViewerKind): void {
    this.playbackStarts.inc({ viewer });
  }
}
