import { Readable } from 'node:stream';
import { isSafeMediaPath } from './media-paths.js';
import type { MediaObject, MediaStorage } from './media-storage.js';

/** Media kept in a Map, for DATA_DIR=memory:// (tests, throw-away servers): gone with the process. */
export class MemoryMediaStorage implements MediaStorage {
  private readonly objects = new Map<string, Buffer>();

  put(path: string, bytes: Buffer): Promise<void> {
    if (!isSafeMediaPath(path)) return Promise.reject(new Error(`unsafe media path: ${JSON.stringify(path)}`));
    this.objects.set(path, Buffer.from(bytes));
    return Promise.resolve();
  }

  get(path: string): Promise<MediaObject | null> {
    const bytes = this.objects.get(path);
    return Promise.resolve(bytes ? { body: Readable.from([bytes]), size: bytes.length } : null);
  }

  delete(path: string): Promise<void> {
    this.objects.delete(path);
    return Promise.resolve();
  }
}
