import { answerExcerpt, EdgePurgeError, type EdgePurgeOptions, type EdgePurgeResult, type EdgePurger } from './edge-purger.js';

/** Cloudflare takes at most 30 prefixes per purge request. */
const MAX_PREFIXES = 30;
const TIMEOUT_MS = 30_000;

export interface CloudflarePurgerOptions {
  zoneId: string;
  apiToken: string;
  /** `https://api.cloudflare.com`, or a test double. */
  apiBase: string;
  /** MEDIA_BASE_URL, absolute: its host and path are where the Worker keys its cache. */
  mediaBaseUrl: string;
}

interface CloudflareAnswer {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: { id?: string } | null;
}

/**
 * The Worker caches `https://<host>/media/<media path>`: the prefix of a scope is the same without
 * the scheme, matched by Cloudflare on whole path segments.
 */
export function purgePrefixes(mediaBaseUrl: string, scopes: readonly string[]): string[] {
  const base = new URL(mediaBaseUrl);
  const path = base.pathname.replace(/\/+$/, '');
  return [...new Set(scopes)].map((scope) => `${base.host}${path}/${scope}`);
}

/**
 * `POST /client/v4/zones/{zone}/purge_cache` with `prefixes` (purge by prefix is an Enterprise
 * feature, as is the Worker's custom cache key it removes), a Bearer API token.
 */
export class CloudflarePurger implements EdgePurger {
  readonly provider = 'cloudflare';

  constructor(private readonly options: CloudflarePurgerOptions) {}

  async purge(scopes: readonly string[], { signal }: EdgePurgeOptions): Promise<EdgePurgeResult> {
    const prefixes = purgePrefixes(this.options.mediaBaseUrl, scopes);
    const ids: string[] = [];
    for (let start = 0; start < prefixes.length; start += MAX_PREFIXES) {
      ids.push(await this.send(prefixes.slice(start, start + MAX_PREFIXES), signal));
    }
    return { requests: ids.length, ids };
  }

  private async send(prefixes: string[], signal: AbortSignal): Promise<string> {
    const url = `${this.options.apiBase}/client/v4/zones/${encodeURIComponent(this.options.zoneId)}/purge_cache`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    const text = await response.text();
    let answer: CloudflareAnswer = {};
    try {
      answer = JSON.parse(text) as CloudflareAnswer;
    } catch {
      // Not Cloudflare's envelope (a proxy's error page): reported below with the status.
    }
    if (!response.ok || answer.success !== true) {
      const reason = answer.errors?.map((e) => `${e.code ?? '?'} ${e.message ?? ''}`).join('; ');
      throw new EdgePurgeError('cloudflare', response.status, reason || answerExcerpt(text));
    }
    return answer.result?.id ?? '';
  }
}
