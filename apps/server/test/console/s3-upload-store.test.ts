import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeferredS3UploadStore } from '../../src/services/console/deferred-s3-upload-store.js';
import { S3UploadStore, type S3UploadStoreOptions } from '../../src/services/console/s3-upload-store.js';
import { startFakeS3, type FakeS3 } from '../fakes/fake-s3.js';

/**
 * tus's S3 store as staging uses it, against the fake S3 (real SigV4 checks, S3's multipart
 * rules) with a small part size so one upload spans several parts: every key under the prefix,
 * bytes short of a part kept in `.part` between writes, the parts assembled in order, and a
 * removal that clears a finished upload as well as an unfinished one.
 */
const PART = 64 * 1024;
const PREFIX = 'prod/uploads/';
const credentials = { accessKeyId: 'AKIDSTORE', secretAccessKey: 'store-secret' };
let s3: FakeS3;
let dir: string;

function optionsFor(fake: FakeS3, partSize = PART): S3UploadStoreOptions {
  return {
    s3: {
      endpoint: fake.url,
      region: 'us-east-1',
      bucket: 'media',
      prefix: 'prod',
      forcePathStyle: true,
      ...credentials,
    },
    keyPrefix: PREFIX,
    expirationPeriodInMilliseconds: 24 * 3600 * 1000,
    partSize,
  };
}

function storeFor(fake: FakeS3, partSize = PART): S3UploadStore {
  return new S3UploadStore(optionsFor(fake, partSize));
}

/** Distinct bytes, so a part out of place shows. */
function bytesOf(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 31 + (i >> 8)) % 256));
}

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'media', ...credentials, minPartSize: PART });
  dir = await mkdtemp(join(tmpdir(), 'cliffhanger-s3-store-'));
});
afterAll(async () => {
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('S3UploadStore', () => {
  it('stages one upload in several writes and parts, every key under the prefix, and downloads it whole', async () => {
    const store = storeFor(s3);
    const bytes = bytesOf(200 * 1024);
    await store.create(new Upload({ id: 'several', size: bytes.length, offset: 0 }));

    expect(await store.write(Readable.from([bytes.subarray(0, 50_000)]), 'several', 0)).toBe(50_000);
    // Short of a part: kept whole in `.part`, counted in the offset.
    expect(s3.objects.get(`${PREFIX}several.part`)?.bytes.length).toBe(50_000);
    expect((await store.getUpload('several')).offset).toBe(50_000);

    expect(await store.write(Readable.from([bytes.subarray(50_000, 150_000)]), 'several', 50_000)).toBe(150_000);
    const [upload] = [...s3.multipartUploads.values()].filter((item) => item.key === `${PREFIX}several`);
    expect([...upload!.parts.keys()]).toEqual([1, 2]);
    expect((await store.getUpload('several')).offset).toBe(150_000);

    expect(await store.write(Readable.from([bytes.subarray(150_000)]), 'several', 150_000)).toBe(bytes.length);
    expect(s3.objects.get(`${PREFIX}several`)?.bytes.equals(bytes)).toBe(true);
    expect(s3.objects.has(`${PREFIX}several.part`)).toBe(false);
    expect(await store.getUpload('several')).toMatchObject({ offset: bytes.length, size: bytes.length });
    expect([...s3.objects.keys()].every((key) => key.startsWith(PREFIX))).toBe(true);

    const copy = join(dir, 'several.mp4');
    expect(await store.download('several', copy)).toBe(true);
    expect((await readFile(copy)).equals(bytes)).toBe(true);
    expect(await store.download('never-begun', join(dir, 'none'))).toBe(false);
  });

  it('lists uploads by their records, and removes a finished and an unfinished one entirely', async () => {
    const store = storeFor(s3);
    await store.create(new Upload({ id: 'halfway', size: 300_000, offset: 0 }));
    await store.write(Readable.from([bytesOf(100_000)]), 'halfway', 0);
    expect((await store.listIds()).sort()).toEqual(['halfway', 'several']);

    await store.remove('several');
    await store.remove('halfway');
    expect([...s3.objects.keys()].filter((key) => key.startsWith(PREFIX))).toEqual([]);
    expect(s3.multipartUploads.size).toBe(0);
    expect(await store.listIds()).toEqual([]);
    await expect(store.remove('halfway')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    await expect(store.getUpload('halfway')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('is what the deferred store stands for until it is loaded: the same tus extensions and expiry', async () => {
    const deferred = new DeferredS3UploadStore(optionsFor(s3));
    const store = storeFor(s3);
    expect(deferred.extensions).toEqual(store.extensions);
    expect(deferred.getExpiration()).toBe(store.getExpiration());
    expect(await deferred.loaded()).toBeInstanceOf(S3UploadStore);
  });

  it('fails the last write when S3 refuses the parts as too small (EntityTooSmall)', async () => {
    const strict = await startFakeS3({ bucket: 'media', ...credentials, minPartSize: 4 * PART });
    try {
      const store = storeFor(strict);
      await store.create(new Upload({ id: 'small', size: 3 * PART, offset: 0 }));
      await expect(store.write(Readable.from([bytesOf(3 * PART)]), 'small', 0)).rejects.toMatchObject({
        name: 'EntityTooSmall',
      });
      expect(strict.rejected.map((error) => error.code)).toContain('EntityTooSmall');
    } finally {
      await strict.close();
    }
  });
});
