import { afterEach, describe, expect, it, vi } from 'vitest';
import { startExpiryScheduler } from './expiry-scheduler.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('startExpiryScheduler', () => {
  it('tells how each run ended (job_runs_total)', async () => {
    vi.useFakeTimers();
    let failing = false;
    const wallet = {
      expireDue: () => (failing ? Promise.reject(new Error('database down')) : Promise.resolve({ users: 0, coins: 0 })),
    };
    const outcomes: string[] = [];
    const log = { info: () => undefined, error: () => undefined };
    const stop = startExpiryScheduler({ wallet, intervalMs: 1000, log, onRun: (outcome) => outcomes.push(outcome) });
    await vi.advanceTimersByTimeAsync(1000);
    failing = true;
    await vi.advanceTimersByTimeAsync(1000);
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcomes).toEqual(['ok', 'failed']);
  });
});
