import { answerExcerpt, EdgePurgeError, type EdgePurgeOptions, type EdgePurgeResult, type EdgePurger } from './edge-purger.js';
import { scopeKey } from './purge-scope.js';

const TIMEOUT_MS = 30_000;

export interface FastlyPurgerOptions {
  serviceId: string;
  apiToken: string;
  /** `https://api.fastly.com`, or a test double. */
  apiBase: string;
}

/**
 * `POST /service/{id}/purge/{surrogate key}` with `Fastly-Key`, one request per scope: the VCL
 * tags each answer `<slug>.<dir> <slug>` (purge-scope.ts's scopeKey). A hard purge: the objects
 * are gone, not served stale.
 */
export class FastlyPurger implements EdgePurger {
  readonly provider = 'fastly';

  constructor(private readonly options: FastlyPurgerOptions) {}

  async purge(scopes: readonly string[], { signal }: EdgePurgeOptions): Promise<EdgePurgeResult> {
    const ids: string[] = [];
    for (const scope of new Set(scopes)) ids.push(await this.send(scopeKey(scope), signal));
    return { requests: ids.length, ids };
  }

  private async send(key: string, signal: AbortSignal): Promise<string> {
    const { apiBase, serviceId, apiToken } = this.options;
    const url = `${apiBase}/service/${encodeURIComponent(serviceId)}/purge/${encodeURIComponent(key)}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'fastly-key': apiToken, accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    const text = await response.text();
    if (!response.ok) throw new EdgePurgeError('fastly', response.status, answerExcerpt(text));
    try {
      return (JSON.parse(text) as { id?: string }).id ?? '';
    } catch {
      throw new EdgePurgeError('fastly', response.status, `not a purge answer: ${answerExcerpt(text)}`);
    }
  }
}
