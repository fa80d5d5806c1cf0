import { join } from 'node:path';
import { MEMORY_DATA_DIR, type ServerConfig } from '../../config.js';
import { LocalMediaStorage } from './local-media-storage.js';
import type { MediaStorage } from './media-storage.js';
import { MemoryMediaStorage } from './memory-media-storage.js';

export function createMediaStorage(config: Pick<ServerConfig, 'dataDir'>): MediaStorage {
  return config.dataDir === MEMORY_DATA_DIR
    ? new MemoryMediaStorage()
    : new LocalMediaStorage(join(config.dataDir, 'media'));
}
