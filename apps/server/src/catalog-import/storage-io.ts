import { contentTypeOf } from '../media/storage/media-paths.js';
import type { MediaStorage } from '../media/storage/media-storage.js';

export async function putBytes(media: MediaStorage, path: string, bytes: Buffer): Promise<void> {
  await media.put(path, bytes, contentTypeOf(path));
}

export async function isStored(media: MediaStorage, path: string): Promise<boolean> {
  const object = await media.get(path);
  if (!object) return false;
  object.body.destroy();
  return true;
}

/** Runs `task` over `items`, at most `limit` at a time (uploads to S3 are latency-bound). */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
