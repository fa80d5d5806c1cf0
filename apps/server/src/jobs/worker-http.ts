import { createServer, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Code, type Envelope } from '@cliffhanger/contract';
import { AppError, ok } from '../http/envelope.js';
import { METRICS_CHALLENGE, metricsGuard } from '../observability/metrics-access.js';
import type { ProcessMetrics } from '../observability/metrics.js';

export interface WorkerHttpOptions {
  host: string;
  /** 0 picks a free port (answered as `port`). */
  port: number;
  /** METRICS_TOKEN: the same guard as the API's /metrics. */
  metricsToken: string | undefined;
  metrics: Pick<ProcessMetrics, 'render' | 'contentType'>;
}

export interface WorkerHttp {
  port: number;
  close(): Promise<void>;
}

function sendEnvelope(res: ServerResponse, status: number, body: Envelope<unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, error: AppError): void {
  sendEnvelope(res, error.status, error.toEnvelope());
}

/**
 * The worker's own small HTTP listener: `GET /metrics` (its job runs and the ledger entries its
 * jobs wrote, which no API process counts) guarded by METRICS_TOKEN exactly as the API's, and
 * `GET /healthz` for a process manager. Nothing else: the worker serves no API. Answers follow
 * the API's (the envelope for probes and refusals, Prometheus' text format for metrics).
 */
export async function startWorkerHttp(options: WorkerHttpOptions): Promise<WorkerHttp> {
  const access = metricsGuard(options.metricsToken);
  const started = process.hrtime.bigint();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    // As the API answers a method no route has: not found.
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, new AppError(Code.NOT_FOUND, 'Not found'));
    if (path === '/healthz') {
      const uptime = Number(process.hrtime.bigint() - started) / 1e9;
      return sendEnvelope(res, 200, ok({ status: 'ok', uptime_s: Math.round(uptime) }));
    }
    if (path !== '/metrics') return refuse(res, new AppError(Code.NOT_FOUND, 'Not found'));
    const refusal = access(req.headers.authorization);
    if (refusal?.code === Code.NOT_SIGNED_IN) res.setHeader('www-authenticate', METRICS_CHALLENGE);
    if (refusal) return refuse(res, refusal);
    options.metrics.render().then(
      (text) => {
        res.writeHead(200, { 'content-type': options.metrics.contentType, 'cache-control': 'no-store' });
        res.end(text);
      },
      () => refuse(res, new AppError(Code.INTERNAL_ERROR, 'Metrics unavailable')),
    );
  });
  // A scraper keeps its connection; it must not hold the worker's exit.
  server.keepAliveTimeout = 5_000;
  server.listen(options.port, options.host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
