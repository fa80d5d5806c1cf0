import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the browser's Worker: records what it was started with and whether it ended. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  terminated = false;
  constructor(readonly url: string) {
    super();
    FakeWorker.started.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

const load = () => import('./hls-worker');
const absolute = (url: string) => new URL(url, self.location.href).href;

beforeEach(() => {
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('startHlsWorker and takeStartedHlsWorker', () => {
  it("starts hls.js's worker file once per page and hands it over once, to the URL it runs", async () => {
    const { HLS_WORKER_URL, startHlsWorker, takeStartedHlsWorker } = await load();
    startHlsWorker();
    startHlsWorker();
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.url).toBe(HLS_WORKER_URL);
    expect(HLS_WORKER_URL).toMatch(/hls\.worker[\w-]*\.js$/);

    expect(takeStartedHlsWorker(absolute('/other-worker.js'))).toBeNull();
    expect(takeStartedHlsWorker(absolute(HLS_WORKER_URL))).toBe(FakeWorker.started[0]);
    // hls.js's next player finds it in hls.js's own store; a second ask here gets nothing.
    expect(takeStartedHlsWorker(absolute(HLS_WORKER_URL))).toBeNull();
    expect(FakeWorker.started[0]!.terminated).toBe(false);
  });

  it('hands nothing over before one was started', async () => {
    const { HLS_WORKER_URL, takeStartedHlsWorker } = await load();
    expect(takeStartedHlsWorker(absolute(HLS_WORKER_URL))).toBeNull();
  });

  it('a worker that fails before hls.js takes it is ended and not handed over', async () => {
    const { HLS_WORKER_URL, startHlsWorker, takeStartedHlsWorker } = await load();
    startHlsWorker();
    const worker = FakeWorker.started[0]!;
    worker.dispatchEvent(new Event('error'));
    expect(worker.terminated).toBe(true);
    expect(takeStartedHlsWorker(absolute(HLS_WORKER_URL))).toBeNull();
  });

  it("once taken, the worker's failures and its end are hls.js's", async () => {
    vi.useFakeTimers();
    const { HLS_WORKER_URL, UNTAKEN_WORKER_MS, startHlsWorker, takeStartedHlsWorker } = await load();
    startHlsWorker();
    const worker = takeStartedHlsWorker(absolute(HLS_WORKER_URL)) as unknown as FakeWorker;
    worker.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(UNTAKEN_WORKER_MS);
    expect(worker.terminated).toBe(false);
  });

  it('a worker nobody takes is ended after a while', async () => {
    vi.useFakeTimers();
    const { HLS_WORKER_URL, UNTAKEN_WORKER_MS, startHlsWorker, takeStartedHlsWorker } = await load();
    startHlsWorker();
    vi.advanceTimersByTime(UNTAKEN_WORKER_MS - 1);
    expect(FakeWorker.started[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    expect(takeStartedHlsWorker(absolute(HLS_WORKER_URL))).toBeNull();
  });

  it('without workers (or when one cannot be made) nothing is started and nothing throws', async () => {
    vi.stubGlobal('Worker', undefined);
    const first = await load();
    expect(() => first.startHlsWorker()).not.toThrow();
    expect(first.takeStartedHlsWorker(absolute(first.HLS_WORKER_URL))).toBeNull();

    vi.resetModules();
    vi.stubGlobal(
      'Worker',
      vi.fn(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    );
    const second = await load();
    expect(() => second.startHlsWorker()).not.toThrow();
    expect(second.takeStartedHlsWorker(absolute(second.HLS_WORKER_URL))).toBeNull();
  });
});
