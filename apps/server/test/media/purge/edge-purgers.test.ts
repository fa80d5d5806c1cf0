import { cloudflareOutage, startFakeCloudflare, type FakeCloudflare } from '@cliffhanger/test-kit/fakes/fake-cloudflare';
import { cloudfrontError, startFakeCloudFront, type FakeCloudFront } from '@cliffhanger/test-kit/fakes/fake-cloudfront';
import { fastlyOutage, startFakeFastly, type FakeFastly } from '@cliffhanger/test-kit/fakes/fake-fastly';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudflarePurger, purgePrefixes } from '../../../src/media/purge/cloudflare-purger.js';
import { CloudFrontPurger, invalidationPaths } from '../../../src/media/purge/cloudfront-purger.js';
import { createEdgePurger } from '../../../src/media/purge/create-edge-purger.js';
import { EdgePurgeError } from '../../../src/media/purge/edge-purger.js';
import { FastlyPurger } from '../../../src/media/purge/fastly-purger.js';
import { dramaScope } from '../../../src/media/purge/purge-scope.js';

/** Each CDN adapter against a local fake that speaks its API (packages/test-kit/src/fakes). */

const DIR_A = 'episodes/the-heiress/3-a1b2c3d4';
const DIR_B = 'episodes/the-heiress/4-e5f6a7b8';
const options = (reference = 'ref-1') => ({ reference, signal: new AbortController().signal });

/** The error a purge failed with (it must fail). */
async function failureOf(purge: Promise<unknown>): Promise<EdgePurgeError> {
  const error = await purge.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EdgePurgeError);
  return error as EdgePurgeError;
}

describe('CloudFront: CreateInvalidation through the SDK', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
  const distributionId = 'E2QWRUHEXAMPLE';
  let cloudfront: FakeCloudFront;
  let purger: CloudFrontPurger;

  beforeAll(async () => {
    cloudfront = await startFakeCloudFront({ distributionId, ...credentials });
    purger = new CloudFrontPurger({ distributionId, endpoint: cloudfront.url, credentials });
  });
  afterAll(() => cloudfront.close());

  it('invalidates /<scope>/* of each scope, signed (SigV4) and in CloudFront’s XML', async () => {
    const result = await purger.purge([DIR_A, DIR_B, DIR_A], options('purge-1'));
    expect(cloudfront.refused).toEqual([]);
    expect(cloudfront.invalidations).toEqual([
      {
        id: result.ids[0],
        callerReference: 'purge-1',
        paths: [`/${DIR_A}/*`, `/${DIR_B}/*`],
      },
    ]);
    expect(result).toMatchObject({ requests: 1 });
    expect(result.ids[0]).toMatch(/^I[0-9A-F]{14}$/);
  });

  it('does not invalidate twice when a retry repeats the reference', async () => {
    const before = cloudfront.invalidations.length;
    const first = await purger.purge([DIR_A], options('purge-2'));
    const again = await purger.purge([DIR_A], options('purge-2'));
    expect(again.ids).toEqual(first.ids);
    expect(cloudfront.invalidations).toHaveLength(before + 1);
  });

  it('fails with CloudFront’s error when the signature is wrong or CloudFront refuses', async () => {
    const forger = new CloudFrontPurger({
      distributionId,
      endpoint: cloudfront.url,
      credentials: { ...credentials, secretAccessKey: 'not-the-secret' },
    });
    const forged = await failureOf(forger.purge([DIR_A], options('purge-3')));
    expect(forged).toMatchObject({ provider: 'cloudfront', status: 403 });
    expect(forged.message).toContain('SignatureDoesNotMatch');

    cloudfront.failNext(cloudfrontError(400, 'TooManyInvalidationsInProgress'));
    const busy = await failureOf(purger.purge([DIR_A], options('purge-4')));
    expect(busy).toMatchObject({ status: 400 });
    expect(busy.message).toContain('TooManyInvalidationsInProgress');

    cloudfront.failNext(cloudfrontError(503, 'ServiceUnavailable'));
    expect(await failureOf(purger.purge([DIR_A], options('purge-5')))).toMatchObject({ status: 503 });
  });

  it('folds a drama’s directories into the drama beyond 15 wildcard paths', () => {
    const dirs = Array.from({ length: 20 }, (_, i) => `episodes/long-drama/${i + 1}-0000abcd`);
    expect(invalidationPaths([...dirs, DIR_A])).toEqual(['/episodes/long-drama/*', '/episodes/the-heiress/*']);
    expect(invalidationPaths([DIR_A, dramaScope('the-heiress'), DIR_B])).toEqual(['/episodes/the-heiress/*']);
    expect(invalidationPaths([DIR_A, DIR_B])).toEqual([`/${DIR_A}/*`, `/${DIR_B}/*`]);
  });
});

describe('Cloudflare: purge_cache by prefix', () => {
  const zoneId = '023e105f4ecef8ad9ca31a8372d0c353';
  const apiToken = 'cf-token-0123456789';
  let cloudflare: FakeCloudflare;
  let purger: CloudflarePurger;

  beforeAll(async () => {
    cloudflare = await startFakeCloudflare({ zoneId, apiToken });
    purger = new CloudflarePurger({
      zoneId,
      apiToken,
      apiBase: cloudflare.url,
      mediaBaseUrl: 'https://media.example.com/media',
    });
  });
  afterAll(() => cloudflare.close());

  it('purges the prefix the Worker caches each scope under, with the Bearer token and JSON', async () => {
    const result = await purger.purge([DIR_A, dramaScope('other')], options());
    expect(cloudflare.refused).toEqual([]);
    expect(cloudflare.purges).toEqual([
      {
        id: result.ids[0],
        kind: 'prefixes',
        items: [`media.example.com/media/${DIR_A}`, 'media.example.com/media/episodes/other'],
      },
    ]);
  });

  it('sends at most 30 prefixes a request', async () => {
    const before = cloudflare.purges.length;
    const dirs = Array.from({ length: 35 }, (_, i) => `episodes/long-drama/${i + 1}-0000abcd`);
    expect(await purger.purge(dirs, options())).toMatchObject({ requests: 2 });
    expect(cloudflare.purges.slice(before).map((p) => (p.items as string[]).length)).toEqual([30, 5]);
  });

  it('fails on a wrong token and on Cloudflare’s failure', async () => {
    const stranger = new CloudflarePurger({
      zoneId,
      apiToken: 'wrong',
      apiBase: cloudflare.url,
      mediaBaseUrl: 'https://media.example.com/media',
    });
    const refused = await failureOf(stranger.purge([DIR_A], options()));
    expect(refused).toMatchObject({ provider: 'cloudflare', status: 403 });
    expect(refused.message).toContain('10000 Authentication error');
    cloudflare.failNext(cloudflareOutage());
    expect(await failureOf(purger.purge([DIR_A], options()))).toMatchObject({ status: 503 });
  });

  it('derives the prefix from MEDIA_BASE_URL’s host and path', () => {
    expect(purgePrefixes('https://cdn.example.com/media/', [DIR_A])).toEqual([`cdn.example.com/media/${DIR_A}`]);
    expect(purgePrefixes('https://cdn.example.com:8443/m', [DIR_A])).toEqual([`cdn.example.com:8443/m/${DIR_A}`]);
  });
});

describe('Fastly: purge by surrogate key', () => {
  const serviceId = 'SU1Z0isxPaozGVKXdv0eY';
  const apiToken = 'fastly-token-0123456789';
  let fastly: FakeFastly;
  let purger: FastlyPurger;

  beforeAll(async () => {
    fastly = await startFakeFastly({ serviceId, apiToken });
    purger = new FastlyPurger({ serviceId, apiToken, apiBase: fastly.url });
  });
  afterAll(() => fastly.close());

  it('purges the keys the VCL tags a directory and a drama with, with Fastly-Key', async () => {
    const result = await purger.purge([DIR_A, dramaScope('other')], options());
    expect(fastly.refused).toEqual([]);
    expect(fastly.purges.map(({ key, soft }) => ({ key, soft }))).toEqual([
      { key: 'the-heiress.3-a1b2c3d4', soft: false },
      { key: 'other', soft: false },
    ]);
    expect(result).toEqual({ requests: 2, ids: fastly.purges.map((p) => p.id) });
  });

  it('fails on a wrong token and on Fastly’s failure', async () => {
    const stranger = new FastlyPurger({ serviceId, apiToken: 'wrong', apiBase: fastly.url });
    expect(await failureOf(stranger.purge([DIR_A], options()))).toMatchObject({ provider: 'fastly', status: 401 });
    fastly.failNext(fastlyOutage());
    expect(await failureOf(purger.purge([DIR_A], options()))).toMatchObject({ status: 503 });
  });
});

describe('MEDIA_CDN_PURGE=none', () => {
  it('is an adapter that tells nobody', async () => {
    const purger = createEdgePurger({ provider: 'none' });
    expect(purger.provider).toBe('none');
    expect(await purger.purge([DIR_A], options())).toEqual({ requests: 0, ids: [] });
  });
});
