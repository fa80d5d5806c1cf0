import type { MediaStorage } from '../media/storage/media-storage.js';
import type { PreparedDrama } from './apply-catalog.js';
import { putBytes } from './storage-io.js';

/**
 * Phase 3 for artwork (episodes are stored as each is prepared, import-episode.ts): posters and
 * banners go to content-named paths no current row points at, so the catalogue keeps serving the
 * old files until phase 4.
 */
export async function uploadArtwork(media: MediaStorage, prepared: readonly PreparedDrama[]): Promise<void> {
  for (const drama of prepared) {
    for (const image of drama.artwork.uploads) await putBytes(media, image.path, image.bytes);
  }
}
