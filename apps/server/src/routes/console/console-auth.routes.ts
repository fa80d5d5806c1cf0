import {
  consoleCompleteEnrolment,
  consoleMe,
  consoleSignIn,
  consoleSignOut,
  consoleStartEnrolment,
} from '@cliffhanger/contract/console';
import { clearConsoleSession, readConsoleSession, setConsoleSession } from '../../http/console-session-cookie.js';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** Enrolment, sign-in and sign-out of operators; the session travels as an HttpOnly cookie. */
export function consoleAuthRoutes(app: AppInstance): void {
  const { operators } = app.services.console;

  registerConsoleEndpoint(app, consoleStartEnrolment, async (req) => ok(await operators.startEnrolment(req.body.token)));

  registerConsoleEndpoint(app, consoleCompleteEnrolment, async (req) => {
    const { token, password, code } = req.body;
    return ok({ recovery_codes: await operators.completeEnrolment(token, password, code) });
  });

  registerConsoleEndpoint(app, consoleSignIn, async (req, reply) => {
    const { email, password, code } = req.body;
    const token = await operators.signInFrom(req.ip, email, password, code);
    setConsoleSession(req, reply, token);
    return ok(await operators.sessionOf(token));
  });

  registerConsoleEndpoint(app, consoleSignOut, async (req, reply) => {
    const token = readConsoleSession(req);
    if (token !== undefined) await operators.signOut(token);
    clearConsoleSession(req, reply);
    return ok(null);
  });

  registerConsoleEndpoint(app, consoleMe, (req) => ok(operatorOf(req)));
}
