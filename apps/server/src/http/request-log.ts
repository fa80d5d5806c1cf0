import type { FastifyInstance } from 'fastify';
import { redactUrl } from './log-serializers.js';

/**
 * One log line per request, written when its answer has gone out, at `debug`: Fastify's own
 * request logging writes two lines per request at `info` ("incoming request", "request
 * completed"), which at the default level cost the API more than half its throughput on small
 * answers (docs/performance.md) and buried everything else a person reads in the log. What each
 * request did is counted by `http_request_duration_seconds` (docs/operations.md#metrics) and
 * written by the proxy's access log; refusals and failures still log at `info` and `error`
 * (error-handler.plugin.ts). `LOG_LEVEL=debug` brings the per-request line back.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // Nothing to do, not even a hook, at the levels a deployment runs with.
  if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
