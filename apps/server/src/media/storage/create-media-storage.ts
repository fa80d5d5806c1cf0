import { join } from 'node:path';
import { MEMORY_DATA_DIR, type ServerConfig } from '../../config.js';
import { LocalMediaStorage } from './local-media-storage.js';
import type { MediaStorage } from './media-storage.js';
import { MemoryMediaStorage } from './memory-media-storage.js';
import { S3MediaStorage } from './s3-media-storage.js';

/**
 * The driver the configuration asks for. `memory://` wins over MEDIA_STORAGE=s3 so a throw-away
 * server (tests) never writes to a real bucket.
 */
export function createMediaStorage(config: Pick<ServerConfig, 'dataDir' | 'mediaS3'>): MediaStorage {
  if (config.dataDir === MEMORY_DATA_DIR) return new MemoryMediaStorage();
  if (config.mediaS3) return new S3MediaStorage(config.mediaS3);
  return new LocalMediaStorage(join(config.dataDir, 'media'));
}
