import { consoleAuditLog } from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** The audit log, for admins (docs/console.md#audit-log). */
export function auditRoutes(app: AppInstance): void {
  const { auditLog } = app.services.console;
  registerConsoleEndpoint(app, consoleAuditLog, async (req) => ok(await auditLog.page(req.query)));
}
