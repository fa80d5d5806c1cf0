import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSignature, startFakeS3, type FakeS3 } from '../../../test/fakes/fake-s3.js';
import { MEMORY_DATA_DIR, type MediaS3Config } from '../../config.js';
import { createMediaStorage } from './create-media-storage.js';
import { LocalMediaStorage } from './local-media-storage.js';
import { MemoryMediaStorage } from './memory-media-storage.js';
import { S3MediaStorage, S3RequestError, type S3MediaStorageOptions } from './s3-media-storage.js';

const CREDENTIALS = { accessKeyId: 'AKIDFAKES3', secretAccessKey: 'fake-s3-secret-0123456789' };
const BUCKET = 'cliffhanger-media';
const AVATAR = 'avatars/0b6f7f5e-3c55-4a8e-9d7f-1f0c2a1e9b11.webp';

describe('S3MediaStorage against a signature-checking fake S3', () => {
  let s3: FakeS3;
  let config: MediaS3Config;
  let storage: S3MediaStorage;
  const storageWith = (overrides: Partial<S3MediaStorageOptions>) => new S3MediaStorage({ ...config, ...overrides });

  beforeAll(async () => {
    s3 = await startFakeS3({ ...CREDENTIALS, bucket: BUCKET });
    config = {
      ...CREDENTIALS,
      endpoint: s3.url,
      region: 'us-east-1',
      bucket: BUCKET,
      prefix: '',
      forcePathStyle: true,
    };
    storage = new S3MediaStorage(config);
  });
  afterAll(() => s3.close());

  it('puts, gets and deletes by relative path', async () => {
    await storage.put(AVATAR, Buffer.from('bytes'), 'image/webp');
    expect(s3.objects.get(AVATAR)).toEqual({ bytes: Buffer.from('bytes'), contentType: 'image/webp' });
    const object = await storage.get(AVATAR);
    expect(object).toMatchObject({ size: 5 });
    expect(await text(object!.body)).toBe('bytes');
    await storage.delete(AVATAR);
    expect(s3.objects.has(AVATAR)).toBe(false);
    expect(await storage.get(AVATAR)).toBeNull();
  });

  it('answers null for a missing key and deletes a missing key without error', async () => {
    expect(await storage.get('avatars/missing.webp')).toBeNull();
    await expect(storage.delete('avatars/missing.webp')).resolves.toBeUndefined();
    expect(s3.rejected.at(-1)?.code).toBe('NoSuchKey');
  });

  it('overwrites an object, bytes and content type', async () => {
    await storage.put('posters/a.jpg', Buffer.from('first'), 'image/jpeg');
    await storage.put('posters/a.jpg', Buffer.from('second!'), 'image/png');
    expect(s3.objects.get('posters/a.jpg')?.contentType).toBe('image/png');
    const object = await storage.get('posters/a.jpg');
    expect(object).toMatchObject({ size: 7 });
    expect(await text(object!.body)).toBe('second!');
  });

  it('keeps binary bytes intact', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await storage.put('posters/all-bytes.png', bytes, 'image/png');
    const object = await storage.get('posters/all-bytes.png');
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(object!.size).toBe(256);
  });

  it('stores under the prefix, with or without surrounding slashes', async () => {
    const prefixed = storageWith({ prefix: '/tenant-a/prod/' });
    await prefixed.put(AVATAR, Buffer.from('p'), 'image/webp');
    expect(s3.objects.has(`tenant-a/prod/${AVATAR}`)).toBe(true);
    expect(await text((await prefixed.get(AVATAR))!.body)).toBe('p');
    expect(await storage.get(AVATAR)).toBeNull(); // the unprefixed key is another object
    await prefixed.delete(AVATAR);
    expect(s3.objects.has(`tenant-a/prod/${AVATAR}`)).toBe(false);
  });

  it('fails with 403 SignatureDoesNotMatch on a wrong secret, on every operation (a miss is not a null)', async () => {
    const wrong = storageWith({ secretAccessKey: 'not-the-secret' });
    await expect(wrong.put(AVATAR, Buffer.from('x'), 'image/webp')).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    await expect(wrong.get(AVATAR)).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(wrong.delete(AVATAR)).rejects.toBeInstanceOf(S3RequestError);
    expect(s3.objects.has(AVATAR)).toBe(false);
  });

  it('names the code of other refusals: unknown key id, wrong region, skewed clock, missing bucket', async () => {
    await expect(storageWith({ accessKeyId: 'AKIDOTHER' }).get(AVATAR)).rejects.toThrow(/403 InvalidAccessKeyId/);
    await expect(storageWith({ region: 'eu-west-1' }).get(AVATAR)).rejects.toThrow(/400 AuthorizationHeaderMalformed/);
    const hourAgo = () => new Date(Date.now() - 3600_000);
    await expect(storageWith({ now: hourAgo }).get(AVATAR)).rejects.toThrow(/403 RequestTimeTooSkewed/);
    await expect(storageWith({ bucket: 'other-bucket' }).get(AVATAR)).rejects.toThrow(/404 NoSuchBucket/);
  });

  it('throws on a server error, naming status and code', async () => {
    s3.failNext({ status: 503, code: 'SlowDown' });
    await expect(storage.put(AVATAR, Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /^S3 PUT avatars\/.+ failed: HTTP 503 SlowDown/,
    );
    s3.failNext({ status: 500, code: 'InternalError' });
    await expect(storage.get(AVATAR)).rejects.toMatchObject({ status: 500, code: 'InternalError' });
  });

  it('times out a store that does not answer', async () => {
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    const stalled = storageWith({ timeoutMs: 50, fetch: never });
    await expect(stalled.get(AVATAR)).rejects.toThrow(/timed out after 50 ms/);
  });

  it.each(['../escape.webp', '/etc/passwd', 'avatars/../../x.webp', 'avatars/%2e%2e.webp', 'a\\b.webp'])(
    'refuses the unsafe path %j before any request',
    async (path) => {
      await expect(storage.put(path, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
      await expect(storage.get(path)).rejects.toThrow(/unsafe/);
      await expect(storage.delete(path)).rejects.toThrow(/unsafe/);
    },
  );

  describe('the fake refuses tampered requests', () => {
    /** A request signed with the right secret by the AWS SDK's signer, to tamper with afterwards. */
    const signed = async (method: 'PUT' | 'DELETE', key: string, body = '') => {
      const url = new URL(`${s3.url}/${BUCKET}/${key}`);
      const signer = new SignatureV4({
        credentials: CREDENTIALS,
        region: 'us-east-1',
        service: 's3',
        sha256: Sha256,
        uriEscapePath: false,
      });
      const { headers } = await signer.sign({
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        headers: {
          host: url.host,
          'content-type': 'image/webp',
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      // fetch sets Host from the URL, the value signed above.
      const { host: _host, ...sent } = headers;
      return { url, init: { method, headers: sent, body: body || undefined } };
    };
    const codeOf = async (response: Response) => /<Code>(\w+)<\/Code>/.exec(await response.text())?.[1];

    it('accepts the genuine request, refuses another key, method, header or body', async () => {
      const { url, init } = await signed('PUT', 'avatars/t.webp', 'genuine');
      expect((await fetch(url, init)).status).toBe(200);

      const otherKey = await fetch(new URL(`${s3.url}/${BUCKET}/avatars/u.webp`), init);
      expect([otherKey.status, await codeOf(otherKey)]).toEqual([403, 'SignatureDoesNotMatch']);
      expect(
        await codeOf(await fetch(url, { ...init, headers: { ...init.headers, 'content-type': 'text/html' } })),
      ).toBe('SignatureDoesNotMatch');
      expect(await codeOf(await fetch(url, { ...init, body: 'tampered' }))).toBe('XAmzContentSHA256Mismatch');
      const deletion = await signed('DELETE', 'avatars/t.webp');
      expect(await codeOf(await fetch(deletion.url, { ...deletion.init, method: 'GET' }))).toBe(
        'SignatureDoesNotMatch',
      );
      const { authorization: _dropped, ...unsigned } = deletion.init.headers;
      expect(await codeOf(await fetch(deletion.url, { ...deletion.init, headers: unsigned }))).toBe('AccessDenied');

      expect(s3.objects.get('avatars/t.webp')?.bytes.toString()).toBe('genuine');
      expect((await fetch(deletion.url, deletion.init)).status).toBe(204);
      expect(s3.objects.has('avatars/t.webp')).toBe(false);
    });
  });
});

describe('S3MediaStorage URL styles', () => {
  const base = { ...CREDENTIALS, region: 'us-east-1', bucket: BUCKET, prefix: 'media' };

  /** Captures what would go on the wire, and checks its signature as the fake S3 would. */
  async function capture(options: S3MediaStorageOptions) {
    const sent: { url: URL; headers: Record<string, string> }[] = [];
    const storage = new S3MediaStorage({
      ...options,
      fetch: (url, init) => {
        sent.push({
          url: new URL(url instanceof Request ? url.url : url),
          headers: init?.headers as Record<string, string>,
        });
        return Promise.resolve(new Response(null, { status: 200 }));
      },
    });
    await storage.put(AVATAR, Buffer.from('v'), 'image/webp');
    const [request] = sent;
    const verdictOn = (body: Buffer) =>
      checkSignature(
        {
          method: 'PUT',
          rawUrl: request!.url.pathname,
          headers: { ...request!.headers, host: request!.url.host },
          body,
        },
        CREDENTIALS,
      );
    return { url: request!.url.href, verdict: await verdictOn(Buffer.from('v')), verdictOn };
  }

  it('addresses ${endpoint}/${bucket}/${key} when path style is forced', async () => {
    const { url, verdict } = await capture({ ...base, endpoint: 'http://minio:9000/', forcePathStyle: true });
    expect(url).toBe(`http://minio:9000/${BUCKET}/media/${AVATAR}`);
    expect(verdict).toBeNull();
  });

  it('addresses ${bucket}.${host}/${key} in virtual-host style, and signs that host', async () => {
    const { url, verdict } = await capture({
      ...base,
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      forcePathStyle: false,
    });
    expect(url).toBe(`https://${BUCKET}.s3.eu-west-1.amazonaws.com/media/${AVATAR}`);
    expect(verdict).toBeNull();
  });

  it('signs the hash of the body, so a body changed on the way is refused', async () => {
    const { verdictOn } = await capture({ ...base, endpoint: 'http://minio:9000', forcePathStyle: true });
    expect((await verdictOn(Buffer.from('w')))?.code).toBe('XAmzContentSHA256Mismatch');
  });
});

describe('createMediaStorage', () => {
  const mediaS3: MediaS3Config = {
    ...CREDENTIALS,
    endpoint: 'http://127.0.0.1:9',
    region: 'us-east-1',
    bucket: BUCKET,
    prefix: '',
    forcePathStyle: true,
  };

  it('uses S3 when configured, the data directory otherwise, and memory:// over both', () => {
    expect(createMediaStorage({ dataDir: '/tmp/x', mediaS3 })).toBeInstanceOf(S3MediaStorage);
    expect(createMediaStorage({ dataDir: '/tmp/x', mediaS3: undefined })).toBeInstanceOf(LocalMediaStorage);
    expect(createMediaStorage({ dataDir: MEMORY_DATA_DIR, mediaS3 })).toBeInstanceOf(MemoryMediaStorage);
  });
});
