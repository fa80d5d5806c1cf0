import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarise, type Summary } from './stats.js';

/** One request of a load run. */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface LoadResult extends Summary {
  name: string;
  concurrency: number;
  requestsPerSecond: number;
  errors: number;
  /** Non-success answers by envelope code (or HTTP status), for the report. */
  errorCodes: Record<string, number>;
}

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  origin: string;
  concurrency: number;
  /** Runs for this long, or until `next` answers undefined. */
  seconds: number;
  /** The i-th request; undefined = no more work (e.g. every distinct pair was used). */
  next: (i: number) => LoadRequest | undefined;
  /** Envelope codes that count as success besides 200 (none by default). */
  okCodes?: readonly number[];
}

/**
 * Closed-loop load: `concurrency` loops, each on its own keep-alive connection, each sending the
 * next request as soon as the previous answer is read. node:http rather than fetch: fetch costs
 * several times the CPU per request, and on a 2-core machine the load generator shares the CPU
 * with the server under test, so a heavier client would understate every figure (and flatter a
 * ratio against a hello-world server the least). A JSON answer must carry envelope code 200 (or
 * one of `okCodes`); anything else counts as an error, not as a fast answer.
 */
export async function runLoad(name: string, options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const url = new URL(options.origin);
  const samples: number[] = [];
  const errorCodes: Record<string, number> = {};
  let errors = 0;
  let issued = 0;
  const okCodes = new Set([200, ...(options.okCodes ?? [])]);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const send = (req: LoadRequest): Promise<{ status: number; body: string; json: boolean }> =>
    new Promise((resolve, reject) => {
      const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
      const headers: Record<string, string> = { ...req.headers };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      const r = request(
        { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              json: String(res.headers['content-type'] ?? '').includes('application/json'),
            }),
          );
          res.on('error', reject);
        },
      );
      r.on('error', reject);
      r.end(payload);
    });

  const loop = async () => {
    while (performance.now() < deadline) {
      const req = options.next(issued);
      if (!req) return;
      issued += 1;
      const t0 = performance.now();
      let label: string | undefined;
      try {
        const res = await send(req);
        samples.push(performance.now() - t0);
        const code = res.json ? (JSON.parse(res.body) as { code: number }).code : 200;
        if (res.status !== 200) label = `http ${res.status}`;
        else if (!okCodes.has(code)) label = String(code);
      } catch (error) {
        samples.push(performance.now() - t0);
        label = error instanceof Error ? error.message : String(error);
      }
      if (label !== undefined) {
        errors += 1;
        errorCodes[label] = (errorCodes[label] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    name,
    concurrency: options.concurrency,
    requestsPerSecond: Math.round(samples.length / seconds),
    errors,
    errorCodes,
    ...summarise(samples),
  };
}
