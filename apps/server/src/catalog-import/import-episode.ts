import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { kindOf } from '../lib/file-kind.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { RECORD_FILE, writeEpisodeRecord } from './episode-record.js';
import { sha256File } from './file-hash.js';
import type { EpisodeInput, PlannedEpisode } from './import-plan.js';
import type { MediaTools } from './media-tools.js';
import { prepareEpisode, type PrepareContext, type PreparedEpisode } from './prepare-episode.js';
import { eachLimited, isStored, putBytes } from './storage-io.js';

/**
 * One episode from its source to media storage: the steps the manifest import (import-catalog.ts)
 * and the console's upload (services/console/episode-import.service.ts) share, so a video one
 * accepts is a video the other accepts, and both store it the same way. Neither writes the
 * catalogue here: each switches its rows in its own transaction afterwards.
 */

/** Parallel puts: S3 uploads are latency-bound; local and memory storage do not mind. */
const UPLOAD_CONCURRENCY = 6;

/** What `importEpisode` is doing, for progress reports: `fraction` runs 0–1 within the step. */
type EpisodeImportStep = 'transcoding' | 'storing';
type EpisodeImportProgress = (step: EpisodeImportStep, fraction: number) => void;

/**
 * Phase 1 for a source video: the file exists and ffprobe finds a video stream in it; then it is
 * hashed (the hash versions its media dir). Resolves to the input, or to why it cannot be used.
 */
export async function checkSourceVideo(
  file: string,
  tools: MediaTools,
): Promise<{ input: Extract<EpisodeInput, { kind: 'source' }> } | { problem: string }> {
  if ((await kindOf(file)) !== 'file') return { problem: 'source video not found' };
  const problem = await tools.checkVideo(file);
  if (problem) return { problem: `source video is not usable: ${problem}` };
  return { input: { kind: 'source', file, sha256: await sha256File(file) } };
}

/**
 * Phase 3 for one episode: its subtitles, then every file of its folder under the media dir, then
 * source.json last, whose presence says the rest is there. Every path is new (content-versioned),
 * so nothing the catalogue serves is overwritten.
 */
async function storeEpisode(
  media: MediaStorage,
  episode: PreparedEpisode,
  onStored: (done: number, total: number) => void,
): Promise<void> {
  const { upload, mediaDir } = episode;
  // Subtitle paths are named after their content: one already stored is this very file.
  await eachLimited(Object.values(episode.subtitles), UPLOAD_CONCURRENCY, async (subtitle) => {
    if (!(await isStored(media, subtitle.path)))
      await putBytes(media, subtitle.path, Buffer.from(subtitle.vtt, 'utf8'));
  });
  if (!upload) return;
  let done = 0;
  await eachLimited(upload.files, UPLOAD_CONCURRENCY, async (file) => {
    await putBytes(media, `${mediaDir}/${file}`, await readFile(join(upload.root, file)));
    onStored((done += 1), upload.files.length);
  });
  await writeEpisodeRecord(media, mediaDir, {
    key: episode.recordKey,
    duration_s: episode.durationS,
    files: upload.files,
  });
}

/**
 * Phases 2 and 3 for one checked episode: transcodes it into the scratch folder (unless storage
 * already holds media of this very input and pipeline), stores it, and removes its scratch copy,
 * so a long manifest never needs more scratch space than its largest episode.
 */
export async function importEpisode(
  slug: string,
  planned: PlannedEpisode,
  ctx: PrepareContext,
  progress: EpisodeImportProgress = () => undefined,
): Promise<PreparedEpisode> {
  const prepared = await prepareEpisode(slug, planned, ctx, (fraction) => progress('transcoding', fraction));
  progress('storing', 0);
  await storeEpisode(ctx.media, prepared, (done, total) => progress('storing', done / total));
  if (prepared.action === 'transcoded' && prepared.upload)
    await rm(prepared.upload.root, { recursive: true, force: true });
  return prepared;
}

/**
 * Deletes an episode's media dir that `importEpisode` stored but no row will point at (the import
 * that stored it failed before its transaction). Best effort, like every deletion of old media.
 */
export async function deleteStoredEpisode(
  media: MediaStorage,
  episode: Pick<PreparedEpisode, 'mediaDir' | 'upload'>,
  warn: (message: string) => void,
): Promise<void> {
  if (!episode.upload) return;
  const paths = [...episode.upload.files, RECORD_FILE].map((file) => `${episode.mediaDir}/${file}`);
  for (const path of paths) {
    await media.delete(path).catch((error: unknown) => warn(`could not delete unused ${path}: ${String(error)}`));
  }
}
