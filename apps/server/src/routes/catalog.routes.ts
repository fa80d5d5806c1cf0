import { getCharts, getDrama, getHome, listDramas, playEpisode } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { clientOf } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';
import { languageOf } from '../http/request-language.js';

/** Home, browse/search, the charts, a drama's page and playback (docs/architecture.md#catalogue-and-unlocking). */
export function catalogRoutes(app: AppInstance): void {
  const { catalog, charts, playback } = app.services;

  // Public answers come from memory as ready bytes (docs/architecture.md#delivery); a signed-in viewer's
  // drama page merges their own facts, read fresh, onto the cached public part and must not be shared.
  registerEndpoint(app, getHome, async (req) => catalog.homeAnswer(languageOf(req)));

  registerEndpoint(app, listDramas, async (req) => catalog.dramasAnswer(req.query, languageOf(req)));

  registerEndpoint(app, getCharts, async (req) => charts.answer(languageOf(req)));

  // Both resolve the presented session in their own statement (sessionInHandler).
  registerEndpoint(
    app,
    getDrama,
    async (req) => {
      const token = req.sessionToken;
      if (token === null) return catalog.visitorDramaAnswer(req.params.id, languageOf(req));
      return catalog.viewerDramaAnswer(req.params.id, token, languageOf(req));
    },
    { sessionInHandler: true },
  );

  registerEndpoint(
    app,
    playEpisode,
    async (req, reply) => {
      const played = await playback.play(req.params.id, req.sessionToken, clientOf(req), languageOf(req));
      // Only a play handed out counts: a locked episode (Code.EPISODE_LOCKED) or a refused session threw above.
      app.metrics.playbackStart(req.sessionToken === null ? 'visitor' : 'signed_in');
      // Its media token opens the episode for whoever holds it: no shared cache may keep the answer.
      reply.header('cache-control', 'private, no-store');
      return ok(played);
    },
    { sessionInHandler: true },
  );
}
