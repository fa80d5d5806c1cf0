import { Code } from '@cliffhanger/contract';
import { CONSOLE_REQUEST_HEADER, CONSOLE_TOTP_HEADER, roleMayCall } from '@cliffhanger/contract/console';
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readConsoleSession } from '../http/console-session-cookie.js';
import { AppError } from '../http/envelope.js';
import { CONSOLE_GUARD_DECORATOR } from '../http/register-console-endpoint.js';
import type { AppInstance } from '../app-instance.js';
import { accountRoutes } from '../routes/console/account.routes.js';
import { auditRoutes } from '../routes/console/audit.routes.js';
import { catalogueRoutes } from '../routes/console/catalogue.routes.js';
import { consoleAuthRoutes } from '../routes/console/console-auth.routes.js';
import { editorialRoutes } from '../routes/console/editorial.routes.js';
import { moderationRoutes } from '../routes/console/moderation.routes.js';
import { operatorsRoutes } from '../routes/console/operators.routes.js';
import { ordersRoutes } from '../routes/console/orders.routes.js';
import { productsRoutes } from '../routes/console/products.routes.js';
import { reportsRoutes } from '../routes/console/reports.routes.js';
import { uploadsRoutes } from '../routes/console/uploads.routes.js';
import { viewersRoutes } from '../routes/console/viewers.routes.js';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The console's guard, before the body is read: a write must carry the console's request header
 * (CSRF), a signed-in route a live operator session, a role route an operator of that role (or an
 * admin), a money action a fresh TOTP code. Public routes (sign-in, enrolment) need only the header.
 */
function consoleGuard(app: AppInstance) {
  const { operators } = app.services.console;
  return async (request: FastifyRequest): Promise<void> => {
    const { consoleAccess: access, freshTotp } = request.routeOptions.config;
    if (access === undefined) return;
    const writes = request.method !== 'GET' && request.method !== 'HEAD';
    if (writes && headerValue(request, CONSOLE_REQUEST_HEADER) === undefined) {
      throw new AppError(Code.CONSOLE_REQUEST_HEADER_MISSING, `Console writes need the ${CONSOLE_REQUEST_HEADER} header`);
    }
    if (access === 'public') return;
    const token = readConsoleSession(request);
    if (token === undefined) throw new AppError(Code.NOT_SIGNED_IN, 'Not signed in to the console');
    const operator = await operators.sessionOf(token);
    if (!roleMayCall(access, operator.role)) {
      throw new AppError(Code.OPERATOR_ROLE_FORBIDDEN, `The ${operator.role} role may not do this`);
    }
    if (freshTotp) await operators.confirmFreshTotp(operator.id, headerValue(request, CONSOLE_TOTP_HEADER));
    request.operator = operator;
  };
}

/** Everything under /console: its own cookie, guard and routes, in a scope of its own. */
async function consoleScope(app: AppInstance): Promise<void> {
  await app.register(fastifyCookie);
  app.decorate(CONSOLE_GUARD_DECORATOR, true);
  app.addHook('onRequest', consoleGuard(app));
  consoleAuthRoutes(app);
  await catalogueRoutes(app);
  accountRoutes(app);
  operatorsRoutes(app);
  auditRoutes(app);
  editorialRoutes(app);
  productsRoutes(app);
  reportsRoutes(app);
  moderationRoutes(app);
  ordersRoutes(app);
  uploadsRoutes(app);
  viewersRoutes(app);
}

/** The operator console's API (docs/console.md). `request.operator` is null everywhere else. */
async function consolePlugin(app: AppInstance): Promise<void> {
  app.decorateRequest('operator', null);
  await app.register(consoleScope);
}

export default fp(consolePlugin, { name: 'console' });
