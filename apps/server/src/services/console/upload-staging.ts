import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { EPISODE_UPLOAD_EXPIRY_HOURS } from '@cliffhanger/contract/console';
import { MEMORY_DATA_DIR, type ServerConfig } from '../../config.js';

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

/**
 * Where console uploads land while they arrive and until their import has run: a tus FileStore
 * (`<id>` holds the bytes, `<id>.json` what tus knows of it) in `${DATA_DIR}/uploads`, on the local
 * disk even when media storage is S3, because ffmpeg reads the file from there. With DATA_DIR
 * `memory://` it is a temporary folder of this process, removed by `close`.
 */
export class UploadStaging {
  readonly store: FileStore;

  private constructor(
    readonly directory: string,
    private readonly temporary: boolean,
  ) {
    // Created here, synchronously: FileStore's own creation reports a failure by throwing from a callback.
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  }

  static forConfig(config: Pick<ServerConfig, 'dataDir'>): UploadStaging {
    if (config.dataDir === MEMORY_DATA_DIR) {
      return new UploadStaging(mkdtempSync(join(tmpdir(), 'cliffhanger-uploads-')), true);
    }
    return new UploadStaging(join(config.dataDir, 'uploads'), false);
  }

  /** The file holding an upload's bytes. */
  pathOf(uploadId: string): string {
    return join(this.directory, uploadId);
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
    return (await this.store.configstore.list?.()) ?? [];
  }

  /** Deletes an upload's bytes and record; one already gone is fine. */
  async remove(uploadId: string): Promise<void> {
    // FileStore stops at a missing file and leaves the record: the record goes on its own then.
    await this.store.remove(uploadId).catch(() => this.store.configstore.delete(uploadId).catch(() => undefined));
  }

  /**
   * A temporary folder (`memory://`) is removed when the process exits; a real DATA_DIR keeps its
   * uploads for a restart. Not at once: FileStore's constructor creates the folder again
   * asynchronously and throws, uncaught, when that races a removal (seen on a loaded machine).
   */
  close(): void {
    if (!this.temporary) return;
    temporaryFolders.add(this.directory);
  }
}
