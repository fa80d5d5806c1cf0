import { join } from 'node:path';
import type { Language } from '@cliffhanger/contract';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { readEpisodeRecord } from './episode-record.js';
import { sha256Hex } from '../lib/tokens.js';
import { short } from './file-hash.js';
import { inspectHlsFolder } from './hls-folder.js';
import type { PlannedEpisode } from './import-plan.js';
import { subtitlePath } from './subtitle-path.js';
import type { MediaTools } from './media-tools.js';

export type EpisodeAction = 'unchanged' | 'transcoded' | 'copied';

/** An episode ready for upload (phase 3) and for its database row (phase 4). */
export interface PreparedEpisode {
  number: number;
  title: PlannedEpisode['title'];
  mediaDir: string;
  durationS: number;
  action: EpisodeAction;
  /** What source.json will say; the key names the input and the pipeline. */
  recordKey: string;
  /** Local files to upload under mediaDir; undefined when the stored dir is already complete. */
  upload: { root: string; files: string[] } | undefined;
  /** Content-named, so a changed subtitle never overwrites the one being served. */
  subtitles: Partial<Record<Language, { path: string; vtt: string }>>;
}

export interface PrepareContext {
  media: MediaStorage;
  tools: MediaTools;
  /** Phase 2's scratch folder (removed by the caller). */
  workDir: string;
}

function subtitlesOf(planned: PlannedEpisode, mediaDir: string): PreparedEpisode['subtitles'] {
  const out: PreparedEpisode['subtitles'] = {};
  for (const [lang, subtitle] of Object.entries(planned.subtitles) as [Language, { vtt: string }][]) {
    out[lang] = { path: subtitlePath(mediaDir, lang, subtitle.vtt), vtt: subtitle.vtt };
  }
  return out;
}

/**
 * Phase 2 for one episode. The media dir is named after the input's hash and the pipeline
 * (`episodes/<slug>/<n>-<hash8>`), so new media never overwrites what the catalogue serves now;
 * when that dir's source.json already carries the same key, the episode is reused as stored.
 */
export async function prepareEpisode(
  slug: string,
  planned: PlannedEpisode,
  ctx: PrepareContext,
  onProgress?: (fraction: number) => void,
): Promise<PreparedEpisode> {
  const { input } = planned;
  const recordKey = `${input.kind === 'hls' ? 'prebuilt' : ctx.tools.pipeline}:${input.sha256}`;
  const mediaDir = `episodes/${slug}/${planned.number}-${short(sha256Hex(recordKey))}`;
  const base = {
    number: planned.number,
    title: planned.title,
    mediaDir,
    recordKey,
    subtitles: subtitlesOf(planned, mediaDir),
  };

  const stored = await readEpisodeRecord(ctx.media, mediaDir);
  if (stored?.key === recordKey)
    return { ...base, durationS: stored.duration_s, action: 'unchanged', upload: undefined };

  if (input.kind === 'hls') {
    return {
      ...base,
      durationS: input.folder.durationS,
      action: 'copied',
      upload: { root: input.dir, files: input.folder.files },
    };
  }

  const outDir = join(ctx.workDir, slug, String(planned.number));
  const durationS = await ctx.tools.transcode(input.file, outDir, onProgress);
  const folder = await inspectHlsFolder(outDir);
  if ('problems' in folder)
    throw new Error(`Transcoding ${input.file} left an incomplete folder: ${folder.problems.join('; ')}`);
  return { ...base, durationS, action: 'transcoded', upload: { root: outDir, files: folder.files } };
}
