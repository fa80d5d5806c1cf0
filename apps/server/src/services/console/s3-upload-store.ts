import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, type KvStore } from '@tus/server';
import type { MediaS3Config } from '../../config.js';

/** Codes S3 (and compatible stores) answer for a key or multipart upload that is not there. */
const MISSING = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload']);

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && MISSING.has(String(error.name));
}

/**
 * No cache of an upload's record: every request reads its `.info` object, which all processes
 * share. tus's default keeps a copy per process, which would outlive the upload's removal by
 * another process (a finished import, the sweep) and make a gone upload look complete.
 */
const NO_CACHE: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

export interface S3UploadStoreOptions {
  s3: MediaS3Config;
  /** Every key the store writes starts with this (e.g. `media/uploads/`). */
  keyPrefix: string;
  expirationPeriodInMilliseconds: number;
  /** Bytes per multipart part (S3 accepts no smaller part but the last than 5 MiB); tus's default when unset. */
  partSize?: number;
}

/**
 * tus's S3 store under a key prefix: an upload `<id>` is the multipart upload (then the object)
 * `<prefix><id>`, its record `<prefix><id>.info`, and bytes short of a part `<prefix><id>.part`.
 * The store names keys by the upload id alone; a middleware on its S3 client puts the prefix in
 * front of every key it sends. Adds what staging needs beyond tus: listing the uploads, a removal
 * that also clears a finished upload and its `.part`, and a download to a local file.
 */
export class S3UploadStore extends S3Store {
  private readonly keyPrefix: string;

  constructor(options: S3UploadStoreOptions) {
    const { s3 } = options;
    const clientConfig: ConstructorParameters<typeof S3Store>[0]['s3ClientConfig'] = {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Checksums only where S3 requires them: MinIO, R2 and others refuse or mangle the
      // chunked, trailer-checksummed bodies the SDK sends by default for streamed parts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    super({
      s3ClientConfig: clientConfig,
      cache: NO_CACHE,
      // The sweep expires uploads; S3 object tags (for lifecycle rules) are not needed, nor supported everywhere.
      useTags: false,
      expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds,
      ...(options.partSize === undefined ? {} : { partSize: options.partSize, minPartSize: options.partSize }),
    });
    this.keyPrefix = options.keyPrefix;
    const prefixed = (key: unknown) => (typeof key === 'string' ? `${this.keyPrefix}${key}` : key);
    this.client.middlewareStack.add(
      (next) => (args) => {
        const input = args.input as { Key?: unknown; Delete?: { Objects?: { Key?: unknown }[] } };
        const rewritten: Record<string, unknown> = { ...input };
        if ('Key' in input) rewritten.Key = prefixed(input.Key);
        if (input.Delete?.Objects) {
          rewritten.Delete = {
            ...input.Delete,
            Objects: input.Delete.Objects.map((object) => ({ ...object, Key: prefixed(object.Key) })),
          };
        }
        return next({ ...args, input: rewritten });
      },
      { step: 'initialize', name: 'uploadKeyPrefix' },
    );
  }

  /** Every upload with a record here (its `.info` object). */
  async listIds(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: this.keyPrefix,
        ...(token === undefined ? {} : { ContinuationToken: token }),
      });
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.keyPrefix.length) ?? '';
        if (key.endsWith('.info') && !key.includes('/')) ids.push(key.slice(0, -'.info'.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return ids;
  }

  /**
   * Deletes everything of an upload: the multipart upload when unfinished, the object when
   * finished, its record and its `.part`. tus's own removal stops at a finished upload (its
   * multipart upload is gone) and leaves the `.part`. An upload without a record is FILE_NOT_FOUND.
   */
  override async remove(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- tus answers its own { status_code, body } objects, as its stores throw them
      if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    if (uploadId) {
      await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
    });
  }

  /** Streams a finished upload's bytes to `path`; false when it has no object (unfinished or gone). */
  async download(id: string, path: string): Promise<boolean> {
    let body: Readable;
    try {
      body = await this.read(id);
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    await pipeline(body, createWriteStream(path, { mode: 0o600 }));
    return true;
  }
}
