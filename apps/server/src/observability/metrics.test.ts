import { WALLET_KINDS } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES, JOB_OUTCOMES, JOB_POLICIES } from '../jobs/jobs.js';
import { AppMetrics, ProcessMetrics, UNMATCHED_ROUTE } from './metrics.js';

const line = (text: string, prefix: string) => text.split('\n').find((l) => l.startsWith(prefix));
const value = (text: string, series: string) => Number(line(text, `${series} `)?.split(' ')[1]);

describe('AppMetrics', () => {
  it('starts every known series at 0, so the first increment shows in rate()', async () => {
    const text = await new AppMetrics().render();
    for (const kind of WALLET_KINDS) expect(text).toContain(`ledger_entries_total{kind="${kind}"} 0`);
    for (const job of JOB_NAMES) {
      for (const outcome of JOB_OUTCOMES) expect(text).toContain(`job_runs_total{job="${job}",outcome="${outcome}"} 0`);
    }
    expect(text).toContain('playback_starts_total{viewer="signed_in"} 0');
  });

  it('labels a request no route matched with the fixed unmatched route', async () => {
    const metrics = new AppMetrics();
    metrics.observeRequest('GET', undefined, 404, 0.002);
    metrics.observeRequest('GET', '/api/v1/dramas/:id', 200, 0.004);
    const text = await metrics.render();
    expect(
      line(text, `http_request_duration_seconds_count{method="GET",route="${UNMATCHED_ROUTE}",status_code="404"}`),
    ).toMatch(/ 1$/);
    expect(
      line(
        text,
        'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/dramas/:id",status_code="200"}',
      ),
    ).toMatch(/ 1$/);
  });

  it('keeps each instance apart (one registry per app)', async () => {
    const a = new AppMetrics();
    const b = new AppMetrics();
    a.ledgerEntry('recharge');
    a.playbackStart('visitor');
    a.jobRun('coin-expiry', 'completed');
    expect(await a.render()).toContain('ledger_entries_total{kind="recharge"} 1');
    expect(await b.render()).toContain('ledger_entries_total{kind="recharge"} 0');
    expect(await b.render()).toContain('playback_starts_total{viewer="visitor"} 0');
    expect(await b.render()).toContain('job_runs_total{job="coin-expiry",outcome="completed"} 0');
  });
});

describe('job_runs_total', () => {
  it('labels runs with the queue names pg-boss uses, one list for both', () => {
    expect([...JOB_NAMES].sort()).toEqual(Object.keys(JOB_POLICIES).sort());
    expect(JOB_NAMES).toEqual(expect.arrayContaining(['coin-expiry', 'catalog-import', 'avatar-copy']));
  });

  it('counts each run under its job and outcome, and nothing under the others', async () => {
    const metrics = new ProcessMetrics();
    metrics.jobRun('avatar-copy', 'retried');
    metrics.jobRun('avatar-copy', 'retried');
    metrics.jobRun('avatar-copy', 'completed');
    metrics.jobRun('catalog-import', 'failed');
    const text = await metrics.render();
    expect(value(text, 'job_runs_total{job="avatar-copy",outcome="retried"}')).toBe(2);
    expect(value(text, 'job_runs_total{job="avatar-copy",outcome="completed"}')).toBe(1);
    expect(value(text, 'job_runs_total{job="avatar-copy",outcome="failed"}')).toBe(0);
    expect(value(text, 'job_runs_total{job="catalog-import",outcome="failed"}')).toBe(1);
    expect(value(text, 'job_runs_total{job="coin-expiry",outcome="completed"}')).toBe(0);
  });

  it('is all a worker process reports besides the ledger and process metrics: no HTTP or playback series', async () => {
    const text = await new ProcessMetrics().render();
    expect(text).toContain('# TYPE job_runs_total counter');
    expect(text).toContain('# TYPE ledger_entries_total counter');
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).not.toContain('http_request_duration_seconds');
    expect(text).not.toContain('playback_starts_total');
  });
});
