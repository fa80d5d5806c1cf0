import {
  consoleChangeOwnPassword,
  consoleRegenerateRecoveryCodes,
  consoleSignOutEverywhere,
} from '@cliffhanger/contract/console';
import { clearConsoleSession, readConsoleSession } from '../../http/console-session-cookie.js';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** What every signed-in operator does to their own account: password, recovery codes, sessions. */
export function accountRoutes(app: AppInstance): void {
  const { operators } = app.services.console;

  registerConsoleEndpoint(app, consoleChangeOwnPassword, async (req) => {
    const { current_password: current, new_password: next } = req.body;
    await operators.changePassword(operatorOf(req).id, current, next, readConsoleSession(req));
    return ok(null);
  });

  registerConsoleEndpoint(app, consoleRegenerateRecoveryCodes, async (req) =>
    ok({ recovery_codes: await operators.regenerateRecoveryCodes(operatorOf(req).id) }),
  );

  registerConsoleEndpoint(app, consoleSignOutEverywhere, async (req, reply) => {
    await operators.signOutEverywhere(operatorOf(req).id);
    clearConsoleSession(req, reply);
    return ok(null);
  });
}
