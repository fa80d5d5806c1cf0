import {
  consoleAdjustViewerCoins,
  consoleBlockViewer,
  consoleFindViewers,
  consoleGrantViewerVip,
  consoleRevokeViewerSessions,
  consoleUnblockViewer,
  consoleViewer,
  consoleViewerLedger,
} from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** Support's Viewers area: find a viewer, read their account, adjust it (docs/console.md#viewers). */
export function viewersRoutes(app: AppInstance): void {
  const { viewerLookup, viewerActions } = app.services.console;
  const actor = (req: Parameters<typeof operatorOf>[0], reason: string) => {
    const { id, role } = operatorOf(req);
    return { operatorId: id, role, reason };
  };

  registerConsoleEndpoint(app, consoleFindViewers, async (req) => ok(await viewerLookup.find(req.query.q)));

  registerConsoleEndpoint(app, consoleViewer, async (req) => ok(await viewerLookup.detail(req.params.uid)));

  registerConsoleEndpoint(app, consoleViewerLedger, async (req) =>
    ok(await viewerLookup.ledger(req.params.uid, req.query.cursor)),
  );

  registerConsoleEndpoint(app, consoleRevokeViewerSessions, async (req) =>
    ok(await viewerActions.revokeSessions(req.params.uid, actor(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleAdjustViewerCoins, async (req) => {
    const { direction, amount, key, reason } = req.body;
    return ok(await viewerActions.adjustCoins(req.params.uid, { direction, amount, key }, actor(req, reason)));
  });

  registerConsoleEndpoint(app, consoleGrantViewerVip, async (req) => {
    const { days, key, reason } = req.body;
    return ok(await viewerActions.grantVip(req.params.uid, { days, key }, actor(req, reason)));
  });

  registerConsoleEndpoint(app, consoleBlockViewer, async (req) =>
    ok(await viewerActions.block(req.params.uid, actor(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleUnblockViewer, async (req) =>
    ok(await viewerActions.unblock(req.params.uid, actor(req, req.body.reason))),
  );
}
