import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/database.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { errorMessage } from '../media/transcode/transcode-episode.js';
import { applyCatalog, type AppliedDrama, type PreparedDrama } from './apply-catalog.js';
import { deleteSuperseded } from './delete-superseded.js';
import { CatalogImportError } from './import-problem.js';
import type { PlannedDrama } from './import-plan.js';
import { loadManifest } from './load-manifest.js';
import type { MediaTools } from './media-tools.js';
import { prepareArtwork } from './prepare-artwork.js';
import { deleteStoredEpisode, importEpisode } from './import-episode.js';
import type { EpisodeAction, PrepareContext, PreparedEpisode } from './prepare-episode.js';
import { uploadArtwork } from './upload-prepared.js';
import { validateFiles } from './validate-files.js';

export interface ImportCatalogDeps {
  db: Db;
  media: MediaStorage;
  tools: MediaTools;
  /** Told about non-fatal trouble (an old file that could not be deleted). */
  warn?: (message: string) => void;
}

/** A drama as the import left it, with how many of its episodes each step took. */
type DramaImportSummary = Omit<AppliedDrama, 'removedEpisodes' | 'withdrawn'> & {
  episodes: Record<EpisodeAction | 'removed', number>;
};

export interface ImportSummary {
  dramas: DramaImportSummary[];
  /** Ids of the episodes this import added to dramas that were already in the catalogue. */
  addedEpisodes: number[];
  /** Episode dirs the catalogue used before and no longer does (replaced or removed), now deleted. */
  retiredDirs: string[];
  /** Released dramas whose manifest moved their release to later: hidden from viewers from now. */
  withdrawnSlugs: string[];
  durationMs: number;
}

/**
 * Phases 2 and 3: each episode transcoded and stored (import-episode.ts, as the console's uploads
 * are), then the artwork rendered; an ffmpeg failure names its episode. `stored` collects the
 * episodes written to storage, for removal if the import stops before its transaction.
 */
async function prepareAll(
  plan: readonly PlannedDrama[],
  ctx: PrepareContext,
  stored: PreparedEpisode[],
): Promise<PreparedDrama[]> {
  const prepared: PreparedDrama[] = [];
  for (const planned of plan) {
    const { slug } = planned.drama;
    const episodes = [];
    for (const episode of planned.episodes) {
      try {
        const done = await importEpisode(slug, episode, ctx);
        if (done.upload) stored.push(done);
        episodes.push(done);
      } catch (error) {
        const file = episode.input.kind === 'source' ? episode.input.file : episode.input.dir;
        throw new CatalogImportError([{ slug, episode: episode.number, file, message: errorMessage(error) }]);
      }
    }
    let artwork;
    try {
      artwork = await prepareArtwork(planned, ctx);
    } catch (error) {
      throw new CatalogImportError([
        {
          slug,
          ...(planned.poster ? { file: planned.poster.file } : {}),
          message: `poster/banner: ${errorMessage(error)}`,
        },
      ]);
    }
    prepared.push({ drama: planned.drama, artwork, episodes });
  }
  return prepared;
}

function summaryOf(prepared: PreparedDrama, { removedEpisodes, withdrawn: _, ...drama }: AppliedDrama): DramaImportSummary {
  const episodes = { transcoded: 0, copied: 0, unchanged: 0, removed: removedEpisodes };
  for (const episode of prepared.episodes) episodes[episode.action] += 1;
  return { ...drama, episodes };
}

/**
 * Imports a manifest into media storage and the database, in four phases:
 * 1. validate every file (nothing written; all problems reported together);
 * 2. prepare in a scratch folder (transcode, download.mp4, WebVTT, poster and banner);
 * 3. upload into content-versioned paths, never over what the catalogue serves now (each episode
 *    right after its transcode, so scratch space holds one episode at a time);
 * 4. one transaction switches the catalogue to the new rows.
 * Only then is media the catalogue no longer uses deleted. A failure before phase 4 leaves the
 * catalogue as it was and deletes the episode media this run stored. Re-importing the same
 * manifest transcodes and changes nothing.
 * @throws CatalogImportError with every problem found (phase 1) or the one that stopped phase 2.
 */
export async function importCatalog(manifestPath: string, deps: ImportCatalogDeps): Promise<ImportSummary> {
  const started = Date.now();
  const manifest = await loadManifest(manifestPath);
  const checked = await validateFiles(manifest, deps.tools);
  if ('problems' in checked) throw new CatalogImportError(checked.problems);

  const warn = deps.warn ?? (() => undefined);
  const workDir = await mkdtemp(join(tmpdir(), 'cliffhanger-import-'));
  try {
    const stored: PreparedEpisode[] = [];
    let prepared: PreparedDrama[];
    try {
      prepared = await prepareAll(checked.plan, { media: deps.media, tools: deps.tools, workDir }, stored);
      await uploadArtwork(deps.media, prepared);
    } catch (error) {
      for (const episode of stored) await deleteStoredEpisode(deps.media, episode, warn);
      throw error;
    }
    // Not cleaned up past this point: a commit whose answer was lost may already point at them.
    const { applied, superseded, addedEpisodes } = await applyCatalog(deps.db, prepared);
    const retiredDirs = await deleteSuperseded(deps.media, superseded, prepared, warn);
    return {
      dramas: prepared.map((item, i) => summaryOf(item, applied[i]!)),
      addedEpisodes,
      retiredDirs,
      withdrawnSlugs: applied.filter((drama) => drama.withdrawn).map((drama) => drama.slug),
      durationMs: Date.now() - started,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
