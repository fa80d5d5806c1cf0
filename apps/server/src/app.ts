import { createServer } from 'node:http';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedDemoCatalog } from './demo-catalog/seed-demo-catalog.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { registerListenerSplit } from './http/console-listener.js';
import { answerFrameworkError } from './http/framework-errors.js';
import { prettyLogStream } from './http/log-destination.js';
import { requestLogSerializer } from './http/log-serializers.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import { registerRequestLog } from './http/request-log.js';
import { httpServerOptions } from './http/server-options.js';
import { registerShutdownHooks } from './http/shutdown.js';
import type { AppInstance } from './app-instance.js';
import authPlugin from './plugins/auth.plugin.js';
import compressPlugin from './plugins/compress.plugin.js';
import consolePlugin from './plugins/console.plugin.js';
import consoleWebPlugin from './plugins/console-web.plugin.js';
import corsPlugin from './plugins/cors.plugin.js';
import databasePlugin from './plugins/database.plugin.js';
import errorHandlerPlugin from './plugins/error-handler.plugin.js';
import jobsPlugin from './plugins/jobs.plugin.js';
import metricsPlugin from './plugins/metrics.plugin.js';
import openapiPlugin from './plugins/openapi.plugin.js';
import securityHeadersPlugin from './plugins/security-headers.plugin.js';
import servicesPlugin, { type ServicesPluginOptions } from './plugins/services.plugin.js';
import webPlugin from './plugins/web.plugin.js';
import { appConfigRoutes } from './routes/app-config.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { avatarRoutes } from './routes/avatar.routes.js';
import { catalogRoutes } from './routes/catalog.routes.js';
import { feedRoutes } from './routes/feed.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { mediaRoutes } from './routes/media.routes.js';
import { oauthRoutes } from './routes/oauth.routes.js';
import { paymentsRoutes } from './routes/payments.routes.js';
import { socialRoutes } from './routes/social.routes.js';
import { unlockRoutes } from './routes/unlock.routes.js';
import { userRoutes } from './routes/user.routes.js';
import { walletRoutes } from './routes/wallet.routes.js';
import { adsRoutes } from './routes/ads.routes.js';
import { inviteRoutes } from './routes/invite.routes.js';
import { rewardsRoutes } from './routes/rewards.routes.js';
import { notificationsRoutes } from './routes/notifications.routes.js';
import { configWarnings, RATE_LIMITS_PER_PROCESS } from './services/health.service.js';
import { InProcessJobs } from './jobs/in-process-jobs.js';
import { createJobHandlers } from './jobs/job-handlers.js';
import { createEdgePurger } from './media/purge/create-edge-purger.js';
import { JOB } from './services/jobs.js';
import { EPISODE_UPLOAD_SWEEP_INTERVAL_S } from './services/console/episode-import.service.js';
import { REPORTS_REFRESH_INTERVAL_S } from './services/console/reports/report-rollup.service.js';
import { CHARTS_REFRESH_INTERVAL_S } from './services/charts/charts-refresh.service.js';
import { PUSH_REMINDERS_INTERVAL_S } from './services/push/push-dispatch.service.js';
import { RECOMMENDATIONS_REFRESH_INTERVAL_S } from './services/recommendations/recommendations-refresh.service.js';

/** What a caller may put in place of what the config chooses: the services' (ServicesPluginOptions) and these. */
export interface BuildAppDeps extends ServicesPluginOptions {
  /** Use this database instead of creating one from config; the caller keeps ownership and closes it. */
  database?: Database;
  /** Registers extra routes before the app is sealed (tests add probe routes this way). */
  extend?: (app: AppInstance) => Promise<void> | void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole HTTP app and waits until it is ready (database connected and migrated,
 * every route registered). The caller decides whether to `listen` or to `inject`.
 */
export async function buildApp(config: Readonly<ServerConfig>, deps: BuildAppDeps = {}): Promise<AppInstance> {
  const { database, extend, logStream, ...services } = deps;
  const app = Fastify({
    // Our own server so every timeout is set (http/server-options.ts).
    serverFactory: (handler) => createServer(httpServerOptions(config), handler),
    logger: {
      level: config.logLevel,
      serializers: { req: requestLogSerializer },
      ...(logStream ? { stream: logStream } : config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
    },
    // Fastify's two lines per request are replaced by one at debug (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Opening PGlite and migrating it is a plugin's start: Fastify's default 10 s made a boot on
    // a busy machine (CI runners, several test servers at once) fail with "did not start in time".
    pluginTimeout: 120_000,
    // A malformed URL or an over-long path parameter, refused before routing: in the envelope too.
    frameworkErrors: answerFrameworkError,
    // Fastify's own answer to a request arriving while it closes is a 503 outside the envelope.
    // Without it such a request is served and its connection closed after the answer; past
    // main.ts's drain, registerShutdownHooks refuses it with the envelope's 503 instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);
    // Set before anything can fail, so even a rejected body carries the id to quote in a report.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    registerRequestLog(app);
    registerShutdownHooks(app);

    await app.register(errorHandlerPlugin);
    // Before any route: each route gets its timing hook as it is added (the CORS preflight too).
    await app.register(metricsPlugin);
    await app.register(securityHeadersPlugin);
    // With CONSOLE_PORT, the console's listener and the main one each answer only their own paths.
    registerListenerSplit(app, config);
    // Before any route, so every answer (errors and 404s included) carries the CORS headers.
    await app.register(corsPlugin);
    // JSON and pages above 1 KB go out as brotli or gzip. Cached catalogue answers and the built
    // web assets arrive already compressed (content-encoding set), so they are passed through.
    await app.register(compressPlugin);
    await app.register(databasePlugin, database ? { database } : {});
    await app.register(jobsPlugin);
    await app.register(servicesPlugin, services);
    if (config.demoCatalog) await seedDemoCatalog(app);
    await app.register(authPlugin);
    await app.register(openapiPlugin);
    await app.register(healthRoutes);
    await app.register(appConfigRoutes);
    await app.register(authRoutes);
    await app.register(oauthRoutes);
    await app.register(userRoutes);
    await app.register(avatarRoutes);
    await app.register(catalogRoutes);
    await app.register(feedRoutes);
    await app.register(mediaRoutes);
    await app.register(socialRoutes);
    await app.register(walletRoutes);
    await app.register(unlockRoutes);
    await app.register(rewardsRoutes);
    await app.register(inviteRoutes);
    await app.register(adsRoutes);
    await app.register(notificationsRoutes);
    await app.register(paymentsRoutes);
    await app.register(consolePlugin);
    if (extend) await app.register(async (scope) => extend(scope));
    await app.register(consoleWebPlugin);
    await app.register(webPlugin);
    // With JOB_RUNNER=in-process this process runs the jobs (docs/deploy.md). Started once the
    // app is ready, so a failed boot leaves no timer; close handlers run in reverse order, so a
    // run in progress finishes before the database plugin closes the pool.
    const localJobs = app.jobs instanceof InProcessJobs ? app.jobs : undefined;
    app.addHook('onReady', (done) => {
      if (configWarnings(config).includes(RATE_LIMITS_PER_PROCESS)) {
        app.log.warn(
          'DATABASE_URL is set without REDIS_URL: rate limits (SMS, sign-in, comments, shares) are counted per process, so N API processes allow N times each limit. Set REDIS_URL when running more than one process.',
        );
      }
      // With a worker (JOB_RUNNER=worker) the jobs, the sweep's schedule included, are its own.
      if (localJobs) {
        const { services } = app;
        localJobs.start(
          createJobHandlers({
            config,
            db: app.database.db,
            wallet: services.wallet,
            avatarCopy: services.avatarCopy,
            charts: services.chartsRefresh,
            episodeImports: services.console.episodeImports,
            reportRollups: services.console.reportRollups,
            recommendations: services.recommendationsRefresh,
            push: services.push.dispatch,
            edgePurger: createEdgePurger(config.mediaCdnPurge),
            edgePurges: services.console.edgePurges,
            log: app.log,
          }),
        );
        localJobs.schedule(JOB.coinExpiry, {}, config.coinExpiryIntervalS * 1000);
        localJobs.schedule(JOB.chartsRefresh, {}, CHARTS_REFRESH_INTERVAL_S * 1000);
        // A process counts the charts as it starts, not only after the first interval.
        void localJobs.send(JOB.chartsRefresh, {});
        localJobs.schedule(JOB.episodeUploadSweep, {}, EPISODE_UPLOAD_SWEEP_INTERVAL_S * 1000);
        localJobs.schedule(JOB.reportsRefresh, {}, REPORTS_REFRESH_INTERVAL_S * 1000);
        localJobs.schedule(JOB.pushReminders, {}, PUSH_REMINDERS_INTERVAL_S * 1000);
        localJobs.schedule(JOB.recommendationsRefresh, {}, RECOMMENDATIONS_REFRESH_INTERVAL_S * 1000);
        // The feed ranks by similarity from the start, not only after the first half hour.
        void localJobs.send(JOB.recommendationsRefresh, {});
      }
      done();
    });
    app.addHook('onClose', async () => {
      await localJobs?.stop();
      await app.services.push.dispatch.close();
      // Plays are written after their answers: the last batch goes in before the pool closes.
      await app.services.playRecorder.flush();
      // So are progress saves.
      await app.services.social.progressSaves.flush();
    });
    await app.ready();
    return app;
  } catch (error) {
    // Release whatever was opened (the database) before reporting the failure.
    await app.close().catch(() => undefined);
    throw error;
  }
}
