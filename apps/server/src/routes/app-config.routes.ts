import { getAppConfig } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import type { AppInstance } from '../app-instance.js';
import { readCompilerVersion } from '../lib/compiler-version.js';
import { AppConfigService } from '../services/app-config.service.js';

export function appConfigRoutes(app: AppInstance): void {
  const service = new AppConfigService(app.config, readCompilerVersion());
  registerEndpoint(app, getAppConfig, () => ok(service.getAppConfig()));
}
