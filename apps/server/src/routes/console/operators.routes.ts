import {
  consoleChangeOperatorRole,
  consoleDisableOperator,
  consoleEnableOperator,
  consoleInviteOperator,
  consoleListOperators,
  consoleResetOperator,
  consoleUnlockOperator,
  type EnrolmentLink,
} from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import { enrolmentLink } from '../../services/console/enrolment-link.js';
import type { AppInstance } from '../../app-instance.js';

/** Admins manage operators (docs/console.md#operators); the rules are OperatorAdminService's. */
export function operatorsRoutes(app: AppInstance): void {
  const { operatorAdmin } = app.services.console;
  const linkOf = (issued: { operator: EnrolmentLink['operator']; enrolmentToken: string; expiresAt: Date }) => ({
    operator: issued.operator,
    enrolment_link: enrolmentLink(app.config.publicBaseUrl, issued.enrolmentToken),
    expires_at: issued.expiresAt.toISOString(),
  });
  const by = (req: Parameters<typeof operatorOf>[0], reason: string | undefined) => ({
    operatorId: operatorOf(req).id,
    reason,
  });

  registerConsoleEndpoint(app, consoleListOperators, async () => ok({ list: await operatorAdmin.list() }));

  registerConsoleEndpoint(app, consoleInviteOperator, async (req) => {
    const { email, role, reason } = req.body;
    return ok(linkOf(await operatorAdmin.invite(email, role, by(req, reason))));
  });

  registerConsoleEndpoint(app, consoleChangeOperatorRole, async (req) =>
    ok(await operatorAdmin.changeRole(req.params.id, req.body.role, by(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleDisableOperator, async (req) =>
    ok(await operatorAdmin.disable(req.params.id, by(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleEnableOperator, async (req) =>
    ok(await operatorAdmin.enable(req.params.id, by(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleResetOperator, async (req) =>
    ok(linkOf(await operatorAdmin.reset(req.params.id, by(req, req.body.reason)))),
  );

  registerConsoleEndpoint(app, consoleUnlockOperator, async (req) =>
    ok(await operatorAdmin.unlock(req.params.id, by(req, req.body.reason))),
  );
}
