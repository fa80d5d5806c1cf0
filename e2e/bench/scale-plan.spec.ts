import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, capacityPlan, requestsPerViewerMinute, type Measured } from './scale-plan.js';

const cost = (commits: number, rowWrites: number, cpuMs: number) => ({ commits, rowWrites, redisCommands: 0, cpuMs });

const measured: Measured = {
  perRequest: { signin: cost(1, 2, 10), drama: cost(1, 0, 1), play: cost(1, 1, 2), progress: cost(4, 1, 5) },
  fetchedPerWatched: 1,
  playRowBytes: 100,
  apiProcessRps: 1000,
  pgbenchTps: 2000,
  redisOpsPerSecond: 50_000,
  originCpuSecondsPerGB: 10,
};

const value = (what: string, m: Measured = measured) => capacityPlan(m).find((row) => row.what === what)?.value;

describe('the capacity plan for a million daily viewers', () => {
  it('a viewer of 1.5-minute episodes plays 2 a minute and, signed in, saves progress 12 times and on each leaving', () => {
    const rates = requestsPerViewerMinute(ASSUMPTIONS);
    expect(rates.play).toBeCloseTo(2 / 3);
    expect(rates.drama).toBeCloseTo(2 / 15);
    expect(rates.progress).toBeCloseTo(0.6 * (12 + 2 / 3));
    expect(rates.signin).toBeCloseTo(0.005);
  });

  it('works from 30 million viewer-minutes a day: 20,833 viewers on average, 62,500 at the peak', () => {
    expect(value('Viewer-minutes a day')).toBe('30,000,000');
    expect(value('Concurrent viewers, average / peak')).toBe('20,833 / 62,500');
  });

  it('sizes the API processes by CPU at half a core each, never fewer than two, the latency-bound count beside it', () => {
    const rates = requestsPerViewerMinute(ASSUMPTIONS);
    // Each kind's milliseconds at the peak's rate of it, over half a core.
    const cpuMsPerSecond = (62_500 / 60) * (rates.signin * 10 + rates.drama * 1 + rates.play * 2 + rates.progress * 5);
    const row = capacityPlan(measured).find((r) => r.what === 'API processes (one core each)')!;
    expect(row.value).toBe(String(Math.ceil(cpuMsPerSecond / 1000 / 0.5)));
    const perMinute = rates.signin + rates.drama + rates.play + rates.progress;
    expect(row.how).toContain(
      `up to 1,000 req/s on the measuring host, which would take ${Math.ceil((62_500 * perMinute) / 60 / 500)}`,
    );
    const free = { signin: cost(1, 2, 0), drama: cost(1, 0, 0), play: cost(1, 1, 0), progress: cost(4, 1, 0) };
    expect(value('API processes (one core each)', { ...measured, perRequest: free })).toBe('2');
    // 2 cores over the CPU one viewer costs: the same per-request milliseconds at one viewer's rates.
    expect(value('Viewers 2 API cores carry')).toBe(
      Math.round(
        2000 / ((rates.signin * 10 + rates.drama * 1 + rates.play * 2 + rates.progress * 5) / 60),
      ).toLocaleString('en-US'),
    );
  });

  it('egress follows the ladder: 70 % HD at 2,328 kb/s and SD at 1,296 kb/s, times what swipes leave unplayed', () => {
    // 2,018 kb/s × 60 s ÷ 8 × 30,000,000 viewer-minutes = 454 TB a day.
    expect(value('Video egress (CDN)')).toMatch(/^454\.1 TB a day/);
    expect(value('Video egress (CDN)', { ...measured, fetchedPerWatched: 1.5 })).toMatch(/^681\.2 TB a day/);
  });

  it('a latency-bound capacity no load met is said so, and the count stands on CPU', () => {
    const plan = capacityPlan({ ...measured, apiProcessRps: Number.NaN });
    const row = plan.find((r) => r.what === 'API processes (one core each)')!;
    expect(row.value).toBe(value('API processes (one core each)'));
    expect(row.how).toContain('no load tried kept one process within p95 50 ms');
  });
});
