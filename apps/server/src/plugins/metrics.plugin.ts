import { Code } from '@cliffhanger/contract';
import type { onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { METRICS_CHALLENGE, metricsGuard } from '../observability/metrics-access.js';
import { AppMetrics } from '../observability/metrics.js';
import type { AppInstance } from '../app-instance.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (observability/metrics.ts), scraped at GET /metrics. */
    metrics: AppMetrics;
  }
}

const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics: `app.metrics`, the request-duration histogram, and `GET /metrics` outside
 * the API prefix, in the text exposition format rather than the envelope (scrapers read that
 * format only). Registered before any route: each route gets its timing hook as it is added.
 */
function metricsPlugin(app: AppInstance): void {
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);

  // The route's pattern is captured once here: `request.routeOptions` builds a new object on
  // every read, and this runs on every answer of an API served at tens of thousands a second.
  app.addHook('onRoute', (route) => {
    // A scrape timing itself would only measure the scraper.
    if (route.url === METRICS_PATH) return;
    const pattern = route.url;
    const timed: onResponseHookHandler = (request, reply, done) => {
      metrics.observeRequest(request.method, pattern, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    const existing = route.onResponse;
    route.onResponse = existing === undefined ? [timed] : [...(Array.isArray(existing) ? existing : [existing]), timed];
  });
  // What no route matched goes to the not-found handler, which has no route hooks.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) metrics.observeRequest(request.method, undefined, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Unset: open, as /healthz is (the embedded single-machine default, docs/operations.md).
  const access = metricsGuard(app.config.metricsToken);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const refusal = access(request.headers.authorization);
    if (refusal?.code === Code.NOT_SIGNED_IN) reply.header('www-authenticate', METRICS_CHALLENGE);
    if (refusal) throw refusal;
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
