import { join } from 'node:path';
import type { AppInstance } from '../app-instance.js';
import { serverRoot } from '../paths.js';
import { CatalogImportRepository } from '../catalog-import/catalog-import.repository.js';
import { importCatalog } from '../catalog-import/import-catalog.js';
import { createFfmpegTools } from '../catalog-import/media-tools.js';

/** The committed demo catalogue (prebuilt HLS, so importing it needs no ffmpeg). */
export const DEMO_MANIFEST = join(serverRoot, 'demo', 'manifest.json');

/**
 * DEMO_CATALOG: a fresh install shows a catalogue at once. Runs only when the dramas table is
 * empty, so it never touches a real catalogue. A failure is logged and the server still starts:
 * an empty home page is better than no server.
 */
export async function seedDemoCatalog(app: AppInstance): Promise<void> {
  const { db } = app.database;
  if ((await new CatalogImportRepository(db).countDramas()) > 0) return;
  try {
    const summary = await importCatalog(DEMO_MANIFEST, {
      db,
      media: app.services.media,
      tools: createFfmpegTools({ ffmpegPath: app.config.ffmpegPath, ffprobePath: app.config.ffprobePath }),
      warn: (message) => app.log.warn(message),
    });
    // Other processes sharing this database may have cached the empty catalogue.
    await app.services.catalogChanges.publish();
    const episodes = summary.dramas.reduce(
      (sum, d) => sum + d.episodes.copied + d.episodes.transcoded + d.episodes.unchanged,
      0,
    );
    app.log.info(
      { dramas: summary.dramas.length, episodes, ms: summary.durationMs },
      `demo catalogue imported: ${summary.dramas.length} dramas, ${episodes} episodes (DEMO_CATALOG=false turns this off)`,
    );
  } catch (error) {
    app.log.error({ err: error }, 'demo catalogue import failed; starting with an empty catalogue');
  }
}
