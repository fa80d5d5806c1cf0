import { performance } from 'node:perf_hooks';
import { summarise, type Summary } from './stats.js';

export interface ApiResult extends Summary {
  name: string;
  concurrency: number;
  requestsPerSecond: number;
  errors: number;
}

/**
 * Sends `requests` GETs to `url()` from `concurrency` loops over keep-alive connections and
 * summarises the latency of each. A response that is not HTTP 200 with envelope code 200 (or a
 * media 200) counts as an error: a fast failure is not a fast answer.
 */
export async function benchGet(
  name: string,
  url: () => string,
  options: { requests: number; concurrency: number; headers?: Record<string, string> },
): Promise<ApiResult> {
  const samples: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const loop = async () => {
    while (issued < options.requests) {
      issued += 1;
      const t0 = performance.now();
      const res = await fetch(url(), { headers: options.headers });
      const body = await res.arrayBuffer();
      samples.push(performance.now() - t0);
      const json = res.headers.get('content-type')?.includes('application/json');
      const code = json ? (JSON.parse(new TextDecoder().decode(body)) as { code: number }).code : 200;
      if (res.status !== 200 || code !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    concurrency: options.concurrency,
    requestsPerSecond: Math.round(samples.length / seconds),
    errors,
    ...summarise(samples),
  };
}
