import { getForYou } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import type { AppInstance } from '../app-instance.js';
import { languageOf } from '../http/request-language.js';

/** The For You feed (docs/recommendations.md): personal when signed in, trending for a visitor. */
export function feedRoutes(app: AppInstance): void {
  const { forYou } = app.services;
  registerEndpoint(app, getForYou, async (req) =>
    ok(await forYou.page(req.auth?.userId ?? null, req.query.cursor, languageOf(req))),
  );
}
