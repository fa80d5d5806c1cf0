import {
  ARTWORK_MAX_BYTES,
  consoleCreateDrama,
  consoleDeleteEpisode,
  consoleGetDrama,
  consoleListDramas,
  consoleListDramaTags,
  consolePublishDrama,
  consoleRemoveSubtitle,
  consoleReorderEpisodes,
  consoleScheduleDrama,
  consoleSetDramaPricing,
  consoleUnpublishDrama,
  consoleUpdateDrama,
  consoleUpdateEpisode,
  consoleUploadArtwork,
  consoleUploadSubtitle,
  SUBTITLE_MAX_BYTES,
} from '@cliffhanger/contract/console';
import multipart from '@fastify/multipart';
import { ok } from '../../http/envelope.js';
import { readSingleFile } from '../../http/read-upload.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/**
 * The catalogue's uploads (poster, banner, subtitles), in a scope of their own: the multipart
 * parser exists only here, so no other console route accepts multipart bodies.
 */
async function catalogueUploadRoutes(app: AppInstance): Promise<void> {
  await app.register(multipart);
  const { catalogueArtwork, catalogueEpisodes } = app.services.console;

  registerConsoleEndpoint(app, consoleUploadArtwork, async (req) => {
    const bytes = await readSingleFile(req, 'file', ARTWORK_MAX_BYTES);
    return ok(await catalogueArtwork.upload(operatorOf(req).id, req.params.id, req.params.kind, bytes));
  });

  registerConsoleEndpoint(app, consoleUploadSubtitle, async (req) => {
    const { id, episodeId, lang } = req.params;
    const bytes = await readSingleFile(req, 'file', SUBTITLE_MAX_BYTES);
    return ok(await catalogueEpisodes.uploadSubtitle(operatorOf(req).id, id, episodeId, lang, bytes));
  });
}

/** Dramas and episodes for editors (docs/console.md#catalogue). */
export async function catalogueRoutes(app: AppInstance): Promise<void> {
  const { catalogue, catalogueEpisodes } = app.services.console;

  registerConsoleEndpoint(app, consoleListDramas, async (req) => ok(await catalogue.list(req.query)));

  registerConsoleEndpoint(app, consoleListDramaTags, async () => ok(await catalogue.tags()));

  registerConsoleEndpoint(app, consoleGetDrama, async (req) => ok(await catalogue.get(req.params.id)));

  registerConsoleEndpoint(app, consoleCreateDrama, async (req) =>
    ok(await catalogue.create(operatorOf(req).id, req.body)),
  );

  registerConsoleEndpoint(app, consoleUpdateDrama, async (req) =>
    ok(await catalogue.update(operatorOf(req).id, req.params.id, req.body)),
  );

  registerConsoleEndpoint(app, consoleSetDramaPricing, async (req) =>
    ok(await catalogue.setPricing(operatorOf(req).id, req.params.id, req.body)),
  );

  registerConsoleEndpoint(app, consolePublishDrama, async (req) =>
    ok(await catalogue.publish(operatorOf(req).id, req.params.id, req.body.reason)),
  );

  registerConsoleEndpoint(app, consoleUnpublishDrama, async (req) =>
    ok(await catalogue.unpublish(operatorOf(req).id, req.params.id, req.body.reason)),
  );

  registerConsoleEndpoint(app, consoleScheduleDrama, async (req) =>
    ok(await catalogue.schedule(operatorOf(req).id, req.params.id, new Date(req.body.published_at), req.body.reason)),
  );

  registerConsoleEndpoint(app, consoleReorderEpisodes, async (req) =>
    ok(await catalogueEpisodes.reorder(operatorOf(req).id, req.params.id, req.body.episode_ids, req.body.reason)),
  );

  registerConsoleEndpoint(app, consoleUpdateEpisode, async (req) => {
    const { id, episodeId } = req.params;
    return ok(await catalogueEpisodes.updateTitle(operatorOf(req).id, id, episodeId, req.body.title, req.body.reason));
  });

  registerConsoleEndpoint(app, consoleDeleteEpisode, async (req) => {
    const { id, episodeId } = req.params;
    return ok(await catalogueEpisodes.delete(operatorOf(req).id, id, episodeId, req.body.reason));
  });

  registerConsoleEndpoint(app, consoleRemoveSubtitle, async (req) => {
    const { id, episodeId, lang } = req.params;
    return ok(await catalogueEpisodes.removeSubtitle(operatorOf(req).id, id, episodeId, lang, req.body.reason));
  });

  await app.register(catalogueUploadRoutes);
}
