import { fastlyOutage, startFakeFastly, type FakeFastly } from '@cliffhanger/test-kit/fakes/fake-fastly';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliEdgePurges } from '../../../src/cli/cli-edge-purges.js';
import { loadConfig } from '../../../src/config.js';

/**
 * `npm run catalog -- import` without a worker: no process of the command lives on to retry, so it
 * sends its purges itself, once, and says what to purge by hand when the CDN refuses.
 */

const serviceId = 'SU1Z0isxPaozGVKXdv0eY';
const apiToken = 'fastly-token-0123456789';
let fastly: FakeFastly;

beforeAll(async () => {
  fastly = await startFakeFastly({ serviceId, apiToken });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => fastly.close());

const config = () =>
  loadConfig({
    MEDIA_CDN_PURGE: 'fastly',
    MEDIA_CDN_FASTLY_SERVICE_ID: serviceId,
    MEDIA_CDN_FASTLY_API_TOKEN: apiToken,
    MEDIA_CDN_FASTLY_API_BASE: fastly.url,
  });

describe('the catalogue command’s purges', () => {
  it('sends the purge at once when no worker takes jobs', async () => {
    const purges = await cliEdgePurges(config());
    const before = fastly.purges.length;
    await purges.edgePurges.request(['episodes/the-heiress/3-a1b2c3d4']);
    await purges.close();
    expect(fastly.purges.slice(before).map((p) => p.key)).toEqual(['the-heiress.3-a1b2c3d4']);
  });

  it('prints the scopes to purge by hand when the CDN fails, and still succeeds', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    fastly.failNext(fastlyOutage());
    const purges = await cliEdgePurges(config());
    await purges.edgePurges.request(['episodes/the-heiress/3-a1b2c3d4']);
    await purges.close();
    expect(written.join('')).toMatch(/purge these by hand.*episodes\/the-heiress\/3-a1b2c3d4.*fastly purge failed \(503\)/s);
  });
});
