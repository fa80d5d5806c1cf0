import {
  consoleEditorialCandidates,
  consoleGetEditorial,
  consolePreviewHome,
  consoleSetBanners,
  consoleSetShelf,
} from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** Home's banner carousel and recommended shelf, and home as viewers see it (docs/console.md#editorial). */
export function editorialRoutes(app: AppInstance): void {
  const { editorial } = app.services.console;

  registerConsoleEndpoint(app, consoleGetEditorial, async () => ok(await editorial.current()));

  registerConsoleEndpoint(app, consoleEditorialCandidates, async (req) => ok(await editorial.candidates(req.query.q)));

  registerConsoleEndpoint(app, consoleSetBanners, async (req) =>
    ok(await editorial.setOrder('banners', req.body.drama_ids, operatorOf(req).id, req.body.reason)),
  );

  registerConsoleEndpoint(app, consoleSetShelf, async (req) =>
    ok(await editorial.setOrder('shelf', req.body.drama_ids, operatorOf(req).id, req.body.reason)),
  );

  registerConsoleEndpoint(app, consolePreviewHome, async (req) => ok(await editorial.preview(req.query.lang)));
}
