import { getAppConfig } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import type { AppInstance } from '../app-instance.js';

export function appConfigRoutes(app: AppInstance): void {
  registerEndpoint(app, getAppConfig, () => ok(app.services.appConfig.getAppConfig()));
}
