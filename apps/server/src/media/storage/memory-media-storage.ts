import { Readable } from 'node:stream';
import { contentTypeOf, isSafeMediaPath } from './media-paths.js';
import type { MediaObject, MediaStorage } from './media-storage.js';

/** Media kept in a Map, for DATA_DIR=memory:// (tests, throw-away servers): gone with the process. */
export class MemoryMediaStorage implements MediaStorage {
  private readonly objects = new Map<string, { bytes: Buffer; contentType: string }>();

  put(path: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!isSafeMediaPath(path)) return Promise.reject(new Error(`unsafe media path: ${JSON.stringify(path)}`));
    this.objects.set(path, { bytes: Buffer.from(bytes), contentType });
    return Promise.resolve();
  }

  get(path: string): Promise<MediaObject | null> {
    const object = this.objects.get(path);
    if (!object) return Promise.resolve(null);
    return Promise.resolve({
      body: Readable.from([object.bytes]),
      size: object.bytes.length,
      contentType: object.contentType || contentTypeOf(path),
    });
  }

  delete(path: string): Promise<void> {
    this.objects.delete(path);
    return Promise.resolve();
  }
}
