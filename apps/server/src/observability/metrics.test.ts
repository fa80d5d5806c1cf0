import { WALLET_KINDS } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import { AppMetrics, UNMATCHED_ROUTE } from './metrics.js';

const line = (text: string, prefix: string) => text.split('\n').find((l) => l.startsWith(prefix));

describe('AppMetrics', () => {
  it('starts every known series at 0, so the first increment shows in rate()', async () => {
    const text = await new AppMetrics().render();
    for (const kind of WALLET_KINDS) expect(text).toContain(`ledger_entries_total{kind="${kind}"} 0`);
    expect(text).toContain('job_runs_total{job="coin_expiry",outcome="ok"} 0');
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
    expect(await a.render()).toContain('ledger_entries_total{kind="recharge"} 1');
    expect(await b.render()).toContain('ledger_entries_total{kind="recharge"} 0');
    expect(await b.render()).toContain('playback_starts_total{viewer="visitor"} 0');
  });
});
