import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { isSafeMediaPath } from './media-paths.js';
import type { MediaObject, MediaStorage } from './media-storage.js';

/** Media in a local directory (`${DATA_DIR}/media`): the single-machine default (docs/media.md#storage-drivers). */
export class LocalMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The content type is not kept: it follows from the path (contentTypeOf), so no sidecar is needed. */
  async put(path: string, bytes: Buffer): Promise<void> {
    const target = this.fileOf(path);
    await mkdir(dirname(target), { recursive: true });
    // Write then rename, so a reader never gets half a file.
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes, { mode: 0o644 });
    await rename(temp, target);
  }

  async get(path: string): Promise<MediaObject | null> {
    const file = this.fileOf(path);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(path: string): Promise<void> {
    await rm(this.fileOf(path), { force: true });
  }

  /** Second line of defence behind the route's path check: never leave the root. */
  private fileOf(path: string): string {
    if (!isSafeMediaPath(path)) throw new Error(`unsafe media path: ${JSON.stringify(path)}`);
    const file = resolve(join(this.root, path));
    if (!file.startsWith(this.root + sep)) throw new Error(`media path escapes the root: ${path}`);
    return file;
  }
}
