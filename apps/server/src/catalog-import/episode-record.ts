import { z } from 'zod';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { readText } from '../media/media-delivery.service.js';
import { putBytes } from './storage-io.js';

/**
 * `<media_dir>/source.json`, written after every other file of the dir: its presence means the
 * upload finished, `key` says from which input and pipeline, so a re-import with the same
 * source skips the transcode, and `files` lets a later import delete the dir when it is replaced.
 */
const recordSchema = z.object({
  key: z.string(),
  duration_s: z.number().nonnegative(),
  files: z.array(z.string()),
});
export type EpisodeRecord = z.infer<typeof recordSchema>;

export const RECORD_FILE = 'source.json';

export async function readEpisodeRecord(media: MediaStorage, mediaDir: string): Promise<EpisodeRecord | null> {
  try {
    const object = await media.get(`${mediaDir}/${RECORD_FILE}`);
    if (!object) return null;
    const parsed = recordSchema.safeParse(JSON.parse(await readText(object)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function writeEpisodeRecord(media: MediaStorage, mediaDir: string, record: EpisodeRecord): Promise<void> {
  await putBytes(media, `${mediaDir}/${RECORD_FILE}`, Buffer.from(JSON.stringify(record, null, 2)));
}
