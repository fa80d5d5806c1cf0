import type { Readable } from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import type { S3UploadStore, S3UploadStoreOptions } from './s3-upload-store.js';

/**
 * The S3 staging store, loaded at its first use: tus's S3 store brings the AWS SDK, 150 to 250 ms
 * of import that a process staging on the local disk, or serving no upload yet, does not pay at
 * start. tus reads a store's extensions and expiry synchronously, so those are known up front.
 */
export class DeferredS3UploadStore extends DataStore {
  private loading: Promise<S3UploadStore> | undefined;

  constructor(private readonly options: S3UploadStoreOptions) {
    super();
    // tus's S3 store's own list (s3-upload-store.test.ts checks that they agree).
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  /** The store itself, loaded once. */
  loaded(): Promise<S3UploadStore> {
    this.loading ??= import('./s3-upload-store.js').then(({ S3UploadStore }) => new S3UploadStore(this.options));
    return this.loading;
  }

  override async create(upload: Upload): Promise<Upload> {
    return (await this.loaded()).create(upload);
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    return (await this.loaded()).write(stream, id, offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    return (await this.loaded()).getUpload(id);
  }

  override async remove(id: string): Promise<void> {
    return (await this.loaded()).remove(id);
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    return (await this.loaded()).declareUploadLength(id, length);
  }

  override async deleteExpired(): Promise<number> {
    return (await this.loaded()).deleteExpired();
  }

  override getExpiration(): number {
    return this.options.expirationPeriodInMilliseconds;
  }
}
