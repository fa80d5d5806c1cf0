import { describe, expect, it } from 'vitest';

describe('hlsConfig', () => {
  it("names hls.js's worker file, so segments are transmuxed off the page's thread", async () => {
    const { hlsConfig } = await import('./hls-config');
    expect(hlsConfig(true, 0).workerPath).toMatch(/hls\.worker[\w-]*\.js$/);
  });
});
