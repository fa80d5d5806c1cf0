import { z } from 'zod';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { putBytes, readStored } from './storage-io.js';

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
  const text = await readStored(media, `${mediaDir}/${RECORD_FILE}`).catch(() => null);
  if (text === null) return null;
  try {
    const parsed = recordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function writeEpisodeRecord(media: MediaStorage, mediaDir: string, record: EpisodeRecord): Promise<void> {
  await putBytes(media, `${mediaDir}/${RECORD_FILE}`, Buffer.from(JSON.stringify(record, null, 2)));
}
