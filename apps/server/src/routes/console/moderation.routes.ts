import {
  consoleBlockCommenter,
  consoleDeleteComment,
  consoleHideComment,
  consoleKeepComment,
  consoleModerationDrama,
  consoleModerationDramas,
  consoleNewestComments,
  consoleReportedComments,
  consoleUnblockCommenter,
  consoleUnhideComment,
} from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** Comment moderation: reported and newest comments, and what support does about them (docs/console.md#moderation). */
export function moderationRoutes(app: AppInstance): void {
  const { moderation } = app.services.console;
  const actor = (req: Parameters<typeof operatorOf>[0], reason: string) => ({ operatorId: operatorOf(req).id, reason });

  registerConsoleEndpoint(app, consoleReportedComments, async (req) => ok(await moderation.reported(req.query)));
  registerConsoleEndpoint(app, consoleNewestComments, async (req) => ok(await moderation.newest(req.query)));
  registerConsoleEndpoint(app, consoleModerationDramas, async (req) => ok(await moderation.dramasTitled(req.query.q)));
  registerConsoleEndpoint(app, consoleModerationDrama, async (req) => ok(await moderation.drama(req.params.id)));

  registerConsoleEndpoint(app, consoleHideComment, async (req) =>
    ok(await moderation.hide(req.params.id, actor(req, req.body.reason))),
  );
  registerConsoleEndpoint(app, consoleUnhideComment, async (req) =>
    ok(await moderation.unhide(req.params.id, actor(req, req.body.reason))),
  );
  registerConsoleEndpoint(app, consoleKeepComment, async (req) =>
    ok(await moderation.keep(req.params.id, actor(req, req.body.reason))),
  );
  registerConsoleEndpoint(app, consoleDeleteComment, async (req) =>
    ok(await moderation.delete(req.params.id, actor(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleBlockCommenter, async (req) =>
    ok(await moderation.setCommentsBlocked(req.params.id, true, actor(req, req.body.reason))),
  );
  registerConsoleEndpoint(app, consoleUnblockCommenter, async (req) =>
    ok(await moderation.setCommentsBlocked(req.params.id, false, actor(req, req.body.reason))),
  );
}
