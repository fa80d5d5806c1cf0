import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStorage } from '../media/storage/media-storage.js';
import type { PreparedDrama } from './apply-catalog.js';
import { writeEpisodeRecord } from './episode-record.js';
import type { PreparedEpisode } from './prepare-episode.js';
import { eachLimited, isStored, putBytes } from './storage-io.js';

/** Parallel puts: S3 uploads are latency-bound; local and memory storage do not mind. */
const UPLOAD_CONCURRENCY = 6;

async function uploadEpisode(media: MediaStorage, episode: PreparedEpisode): Promise<void> {
  const { upload, mediaDir } = episode;
  // Subtitle paths are named after their content: one already stored is this very file.
  await eachLimited(Object.values(episode.subtitles), UPLOAD_CONCURRENCY, async (subtitle) => {
    if (!(await isStored(media, subtitle.path)))
      await putBytes(media, subtitle.path, Buffer.from(subtitle.vtt, 'utf8'));
  });
  if (!upload) return;
  await eachLimited(upload.files, UPLOAD_CONCURRENCY, async (file) =>
    putBytes(media, `${mediaDir}/${file}`, await readFile(join(upload.root, file))),
  );
  // Last: its presence says every other file of the dir is there.
  await writeEpisodeRecord(media, mediaDir, {
    key: episode.recordKey,
    duration_s: episode.durationS,
    files: upload.files,
  });
}

/**
 * Phase 3: every new file goes to a path no current row points at (content-versioned media dirs,
 * subtitles, posters and banners), so the catalogue keeps serving the old files until phase 4.
 */
export async function uploadPrepared(media: MediaStorage, prepared: readonly PreparedDrama[]): Promise<void> {
  for (const drama of prepared) {
    for (const image of drama.artwork.uploads) await putBytes(media, image.path, image.bytes);
    for (const episode of drama.episodes) await uploadEpisode(media, episode);
  }
}
