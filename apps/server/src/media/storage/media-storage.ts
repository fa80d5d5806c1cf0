import type { Readable } from 'node:stream';

/** A stored file; its type follows from its path (contentTypeOf), whatever the store kept. */
export interface MediaObject {
  body: Readable;
  size: number;
}

/**
 * Where uploaded and generated media live, addressed by relative path (`avatars/<uuid>.webp`). Implemented by
 * the local directory, memory (tests) and S3-compatible drivers (docs/media.md#storage-drivers).
 */
export interface MediaStorage {
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when nothing is stored at `path`. */
  get(path: string): Promise<MediaObject | null>;
  /** Deleting a missing object is not an error. */
  delete(path: string): Promise<void>;
}
