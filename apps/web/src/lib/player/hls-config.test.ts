import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('hlsConfig', () => {
  it("names hls.js's worker file, so segments are transmuxed off the page's thread", async () => {
    const { hlsConfig } = await import('./hls-config');
    expect(hlsConfig(true, 0).workerPath).toMatch(/hls\.worker[\w-]*\.js$/);
  });
});

describe('prefetchHlsWorker', () => {
  it('asks for the worker file once per page, however many players start', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('')));
    vi.stubGlobal('fetch', fetch);
    const { hlsConfig, prefetchHlsWorker } = await import('./hls-config');
    prefetchHlsWorker();
    prefetchHlsWorker();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(hlsConfig(true, 0).workerPath);
  });

  it('a failed fetch is left to the worker, which asks again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const { prefetchHlsWorker } = await import('./hls-config');
    expect(() => prefetchHlsWorker()).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
