import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HlsConfigModule from './hls-config';

/** The module afresh: warmHlsWorker remembers, per page, that it has asked. */
async function freshModule(): Promise<typeof HlsConfigModule> {
  vi.resetModules();
  return import('./hls-config');
}

describe('hls.js settings', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("name hls.js's worker file, so segments are remuxed off the main thread", async () => {
    const { hlsConfig } = await freshModule();
    for (const active of [true, false]) {
      expect(hlsConfig(active, 0).workerPath).toMatch(/hls\.worker[\w-]*\.js$/);
    }
  });

  it("warming asks for the worker's file once, the same URL hls.js will load, and reads it whole", async () => {
    const { hlsConfig, warmHlsWorker } = await freshModule();
    const arrayBuffer = vi.fn(() => Promise.resolve(new ArrayBuffer(8)));
    fetchMock.mockResolvedValue({ arrayBuffer } as unknown as Response);

    warmHlsWorker();
    warmHlsWorker();
    await vi.waitFor(() => expect(arrayBuffer).toHaveBeenCalledTimes(1));
    warmHlsWorker();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(hlsConfig(true, 0).workerPath);
  });

  it('asks again after a failed attempt', async () => {
    const { warmHlsWorker } = await freshModule();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce({ arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) } as unknown as Response);

    warmHlsWorker();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    warmHlsWorker();

    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
