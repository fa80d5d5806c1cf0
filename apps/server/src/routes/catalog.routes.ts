import { getDrama, getHome, listDramas, playEpisode, type Language } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { clientOf } from '../http/signed-in.js';
import type { AppInstance } from '../http/types.js';
import { requestLanguage } from '../http/request-language.js';

/** Home, browse/search, a drama's page and playback (DESIGN §4, §7, §8). */
export function catalogRoutes(app: AppInstance): Promise<void> {
  const { catalog, playback } = app.services;
  const languageOf = (req: { query: { lang?: Language | undefined }; headers: { 'accept-language'?: string } }) =>
    requestLanguage(req.query.lang, req.headers['accept-language']);

  registerEndpoint(app, getHome, async (req) => ok(await catalog.getHome(languageOf(req))));

  registerEndpoint(app, listDramas, async (req) => ok(await catalog.listDramas(req.query, languageOf(req))));

  registerEndpoint(app, getDrama, async (req) =>
    ok(await catalog.getDrama(req.params.id, req.auth?.userId ?? null, languageOf(req))),
  );

  registerEndpoint(app, playEpisode, async (req) =>
    ok(await playback.play(req.params.id, req.auth?.userId ?? null, clientOf(req), languageOf(req))),
  );
  return Promise.resolve();
}
