import { dramaScope } from '../media/purge/purge-scope.js';
import type { ServerConfig } from '../config.js';
import type { ImportSummary } from '../catalog-import/import-catalog.js';
import { importCatalog } from '../catalog-import/import-catalog.js';
import { createFfmpegTools } from '../catalog-import/media-tools.js';
import type { Db } from '../db/database.js';
import type { EdgePurges } from '../media/purge/edge-purges.js';
import { createMediaStorage } from '../media/storage/create-media-storage.js';
import { createCatalogChanges } from '../services/catalog/catalog-changes.js';
import type { PushDispatchService } from '../services/push/push-dispatch.service.js';

export interface CatalogImportDeps {
  config: Readonly<ServerConfig>;
  db: Db;
  warn: (message: string) => void;
  /** Tells the followers of each drama that got a new episode (their deliveries; sending is the push jobs'). */
  push: Pick<PushDispatchService, 'notifyNewEpisode'>;
  /** Tells the CDN to drop the episode directories the import retired. */
  edgePurges: Pick<EdgePurges, 'request'>;
}

/**
 * Imports a manifest (transcoding what needs it) and tells running servers the catalogue changed:
 * with Redis they drop their cached public answers at once, without it (one process, or no
 * shared channel) within PUBLIC_ANSWER_TTL_S. The import itself switches the catalogue in one
 * transaction, so a server shows the old catalogue or the new one, never half of it.
 */
export async function importAndAnnounce(manifest: string, deps: CatalogImportDeps): Promise<ImportSummary> {
  const { config } = deps;
  const summary = await importCatalog(manifest, {
    db: deps.db,
    media: createMediaStorage(config),
    tools: createFfmpegTools({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
    warn: deps.warn,
  });
  await deps.edgePurges.request([...summary.retiredDirs, ...summary.withdrawnSlugs.map(dramaScope)]);
  const changes = createCatalogChanges(config);
  try {
    await changes.publish();
  } catch (error) {
    deps.warn(`could not tell running servers (they catch up within seconds): ${String(error)}`);
  } finally {
    await changes.close();
  }
  for (const episodeId of summary.addedEpisodes) {
    try {
      await deps.push.notifyNewEpisode(episodeId);
    } catch (error) {
      deps.warn(`episode ${episodeId}: its followers were not notified (${String(error)})`);
    }
  }
  return summary;
}
