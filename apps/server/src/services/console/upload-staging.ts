import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { CoalescingFileStore } from './coalescing-file-store.js';
import { EPISODE_UPLOAD_EXPIRY_HOURS } from '@cliffhanger/contract/console';
import { MEMORY_DATA_DIR, type MediaS3Config, type ServerConfig } from '../../config.js';
import { kindOf } from '../../lib/file-kind.js';
import { DeferredS3UploadStore } from './deferred-s3-upload-store.js';

const UPLOAD_EXPIRY_MS = EPISODE_UPLOAD_EXPIRY_HOURS * 3600 * 1000;

/** Temporary staging folders of closed apps, removed when the process exits. */
const temporaryFolders = new Set<string>();
process.once('exit', () => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

/** An upload's bytes so far, its declared length and when it began. */
export interface StagedUpload {
  offset: number;
  size: number | undefined;
  createdAt: Date | undefined;
}

/** A finished upload's bytes in a local file (ffmpeg reads a path); `release` deletes a copy. */
export interface StagedFile {
  path: string;
  release(): Promise<void>;
}

type StagingConfig = Pick<ServerConfig, 'dataDir'> & Partial<Pick<ServerConfig, 'mediaS3'>>;

/**
 * Where console uploads land while they arrive and until their import has run.
 *
 * With MEDIA_STORAGE=s3, in the media bucket under `<MEDIA_S3_PREFIX>/uploads/` (tus's S3 store,
 * s3-upload-store.ts), which every API process and worker reaches: a PATCH resumed on another
 * machine finds the upload, and the worker downloads the finished file into `directory`, a
 * temporary folder of its own, for the import. Otherwise a tus FileStore (`<id>` holds the bytes,
 * `<id>.json` what tus knows of it) in `${DATA_DIR}/uploads`, the `directory`, which the import
 * reads in place; with DATA_DIR `memory://` a temporary folder of this process.
 * Temporary folders go when the process exits (`close`).
 */
export class UploadStaging {
  private constructor(
    readonly store: FileStore | DeferredS3UploadStore,
    /** The staged files themselves (FileStore), or where imports download them to (S3). */
    readonly directory: string,
    private readonly temporary: boolean,
  ) {}

  /** S3 when the media is (`memory://` keeps a throw-away server off a real bucket, as for media). */
  static forConfig(config: StagingConfig, options: { s3PartSize?: number } = {}): UploadStaging {
    if (config.mediaS3 && config.dataDir !== MEMORY_DATA_DIR) {
      return new UploadStaging(
        new DeferredS3UploadStore({
          s3: config.mediaS3,
          keyPrefix: uploadsKeyPrefix(config.mediaS3),
          expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
          ...(options.s3PartSize === undefined ? {} : { partSize: options.s3PartSize }),
        }),
        mkdtempSync(join(tmpdir(), 'cliffhanger-upload-copies-')),
        true,
      );
    }
    const temporary = config.dataDir === MEMORY_DATA_DIR;
    const directory = temporary ? mkdtempSync(join(tmpdir(), 'cliffhanger-uploads-')) : join(config.dataDir, 'uploads');
    // Created here, synchronously: FileStore's own creation reports a failure by throwing from a callback.
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    return new UploadStaging(
      new CoalescingFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
      directory,
      temporary,
    );
  }

  /**
   * A finished upload's bytes as a local file, undefined when there are none: the staged file
   * itself, or (S3) a copy streamed into `directory`, which `release` deletes.
   */
  async localFile(uploadId: string): Promise<StagedFile | undefined> {
    if (this.store instanceof FileStore) {
      const path = join(this.directory, uploadId);
      return (await kindOf(path)) === 'file' ? { path, release: () => Promise.resolve() } : undefined;
    }
    const path = join(this.directory, `${uploadId}-${randomUUID()}`);
    const release = () => rm(path, { force: true });
    try {
      if (!(await (await this.store.loaded()).download(uploadId, path))) return undefined;
    } catch (error) {
      await release();
      throw error;
    }
    return { path, release };
  }

  /** What tus knows of an upload; undefined when it has none (never began, or removed). */
  async find(uploadId: string): Promise<StagedUpload | undefined> {
    try {
      const upload = await this.store.getUpload(uploadId);
      return {
        offset: upload.offset,
        size: upload.size,
        createdAt: upload.creation_date ? new Date(upload.creation_date) : undefined,
      };
    } catch {
      return undefined;
    }
  }

  /** Every upload id with bytes or a record here. */
  async list(): Promise<string[]> {
    if (this.store instanceof FileStore) return (await this.store.configstore.list?.()) ?? [];
    return (await this.store.loaded()).listIds();
  }

  /**
   * Deletes an upload's bytes and record; one already gone is fine, and so is a failure: what is
   * left is the sweep's (an upload nobody's import owns is deleted after 24 hours).
   */
  async remove(uploadId: string): Promise<void> {
    const store = this.store;
    if (store instanceof FileStore) {
      // FileStore stops at a missing file and leaves the record: the record goes on its own then.
      await store.remove(uploadId).catch(() => store.configstore.delete(uploadId).catch(() => undefined));
      return;
    }
    await store.remove(uploadId).catch(() => undefined);
  }

  /**
   * A temporary folder is removed when the process exits; a real DATA_DIR keeps its uploads for
   * a restart. Not at once: FileStore's constructor creates the folder again asynchronously and
   * throws, uncaught, when that races a removal (seen on a loaded machine).
   */
  close(): void {
    if (!this.temporary) return;
    temporaryFolders.add(this.directory);
  }
}

/** `<prefix>/uploads/`: beside the media under the same prefix, in a folder no media path uses. */
function uploadsKeyPrefix(s3: Pick<MediaS3Config, 'prefix'>): string {
  return s3.prefix ? `${s3.prefix}/uploads/` : 'uploads/';
}
