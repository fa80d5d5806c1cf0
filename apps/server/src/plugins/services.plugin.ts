import fp from 'fastify-plugin';
import type { AppInstance } from '../app-instance.js';
import { resolveAuthSecret } from '../lib/auth-secret.js';
import { offsetClock, systemClock, type Clock } from '../lib/clock.js';
import { createAppServices } from '../services/app-services.js';
import { createCatalogChanges } from '../services/catalog/catalog-changes.js';
import { createMediaStorage } from '../media/storage/create-media-storage.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { createRateLimiter } from '../services/rate-limit/create-rate-limiter.js';
import type { RateLimiter } from '../services/rate-limit/rate-limiter.js';
import { createSmsSender } from '../services/sms/create-sms-sender.js';
import type { ProviderImageFetcher } from '../services/oauth/provider-image.js';
import type { SmsSender } from '../services/sms/sms-sender.js';

export interface ServicesPluginOptions {
  /** Replaces real time (tests move it forward instead of sleeping). */
  clock?: Clock;
  /** Replaces the configured SMS provider (tests read the codes it was asked to send). */
  smsSender?: SmsSender;
  /** Replaces the rate limiter chosen by REDIS_URL. */
  rateLimiter?: RateLimiter;
  /** Replaces the media storage chosen by DATA_DIR. */
  media?: MediaStorage;
  /** Replaces the HTTPS download of sign-in providers' pictures (the avatar copy). */
  providerImages?: ProviderImageFetcher;
}

/** Builds `app.services` once, after the database plugin, before any route that uses it. */
function servicesPlugin(app: AppInstance, options: ServicesPluginOptions): void {
  const { config } = app;
  const clock = options.clock ?? offsetClock(systemClock, config.clockOffsetS);
  const { secret, source } = resolveAuthSecret(config);
  if (source === 'generated') {
    app.log.warn({ dataDir: config.dataDir }, 'AUTH_SECRET is not set: generated one into DATA_DIR/secret.key');
  }
  const rateLimiter =
    options.rateLimiter ??
    createRateLimiter(config, clock, (shared, error) => {
      if (shared) app.log.info('Redis is back: rate limits are shared again');
      else app.log.warn({ err: error }, 'Redis unreachable: rate limits count per process until it is back');
    });
  app.addHook('onClose', () => rateLimiter.close());
  const catalogChanges = createCatalogChanges(config, (error) =>
    app.log.warn({ err: error }, 'catalogue change channel (Redis)'),
  );
  app.addHook('onClose', () => catalogChanges.close());

  app.decorate(
    'services',
    createAppServices({
      db: app.database.db,
      config,
      log: app.log,
      clock,
      secret,
      rateLimiter,
      media: options.media ?? createMediaStorage(config),
      sms: options.smsSender ?? createSmsSender(config.sms, app.log),
      catalogChanges,
      jobs: app.jobs,
      ...(options.providerImages ? { providerImages: options.providerImages } : {}),
      onLedgerEntry: (kind) => app.metrics.ledgerEntry(kind),
    }),
  );
}

export default fp(servicesPlugin, { name: 'services', dependencies: ['database', 'metrics', 'jobs'] });
