import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessMetrics } from '../observability/metrics.js';
import { startWorkerHttp, type WorkerHttp } from './worker-http.js';

const TOKEN = 'worker-metrics-token-0123456789';
const metrics = new ProcessMetrics();
let open: WorkerHttp;
let guarded: WorkerHttp;

beforeAll(async () => {
  open = await startWorkerHttp({ host: '127.0.0.1', port: 0, metricsToken: undefined, metrics });
  guarded = await startWorkerHttp({ host: '127.0.0.1', port: 0, metricsToken: TOKEN, metrics });
});
afterAll(async () => {
  await Promise.all([open?.close(), guarded?.close()]);
});

const codeOf = async (res: Response) => ((await res.json()) as { code: number }).code;
const get = (server: WorkerHttp, path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { headers });

describe("the worker's HTTP listener", () => {
  it("answers this process's job runs at /metrics in Prometheus' text format", async () => {
    metrics.jobRun('avatar-copy', 'retried');
    const res = await get(open, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('job_runs_total{job="avatar-copy",outcome="retried"} 1');
    expect(text).toContain('job_runs_total{job="coin-expiry",outcome="completed"} 0');
  });

  it('answers /healthz in the envelope, as the API does', async () => {
    const res = await get(open, '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: Code.OK, data: { status: 'ok' } });
  });

  it('guards /metrics with METRICS_TOKEN exactly as the API: 401 without, 403 with another, 200 with it', async () => {
    const missing = await get(guarded, '/metrics');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await codeOf(missing)).toBe(Code.NOT_SIGNED_IN);
    const raw = await get(guarded, '/metrics', { authorization: TOKEN });
    expect(await codeOf(raw)).toBe(Code.NOT_SIGNED_IN);
    const wrong = await get(guarded, '/metrics', { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(403);
    expect(await codeOf(wrong)).toBe(Code.FORBIDDEN);
    const right = await get(guarded, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('# TYPE job_runs_total counter');
    // The probe stays open, as the API's.
    expect((await get(guarded, '/healthz')).status).toBe(200);
  });

  it('serves nothing else', async () => {
    const res = await get(open, '/api/v1/home');
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe(Code.NOT_FOUND);
    const post = await fetch(`http://127.0.0.1:${open.port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
