import type { z } from 'zod';
import { DEFAULT_PROVIDER_TIMEOUT_MS, OAuthProviderError, type OAuthProviderName } from './oauth-provider.js';

export interface ProviderResponse {
  status: number;
  body: unknown;
}

export interface ProviderRequest {
  provider: OAuthProviderName;
  /** What this call is for, in logs: `token`, `userinfo`, `me`. */
  step: string;
  url: string;
  init?: RequestInit;
  /** DEFAULT_PROVIDER_TIMEOUT_MS when unset. */
  timeoutMs: number | undefined;
}

const MAX_DETAIL = 300;

/** Log details stay short: a provider's error page must not flood the log. */
export function clip(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

/**
 * Calls a provider and parses its JSON answer, whatever the status: providers put their error
 * detail in JSON bodies of 4xx answers (and TikTok sometimes in 200 answers), so the caller
 * decides what counts as failure. Network errors, timeouts and non-JSON bodies fail here.
 */
export async function requestJson(request: ProviderRequest): Promise<ProviderResponse> {
  const { provider, step, url, timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS } = request;
  let response: Response;
  let text: string;
  try {
    // The signal also covers reading the body: a provider that stalls mid-answer times out too.
    // Redirects are refused: a token endpoint that redirects is misconfigured or hijacked, and
    // following it would resend our client secret to wherever it points.
    response = await fetch(url, { ...request.init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : `request failed (${String(error)})`;
    throw new OAuthProviderError(provider, `${step}: ${reason}`, error);
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new OAuthProviderError(provider, `${step}: HTTP ${response.status} with a body that is not JSON`);
  }
}

function pick(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The error fields of a provider answer, for the log. Only known error fields are copied: a
 * whole body may hold an access token.
 * - OAuth 2.0 (Google, TikTok token): `{error, error_description}`;
 * - Graph API (Facebook): `{error: {message, type, code, fbtrace_id}}`;
 * - TikTok open API: `{error: {code, message, log_id}}`.
 */
export function errorSummary(body: unknown): string {
  const error = pick(body, 'error');
  const parts =
    typeof error === 'object' && error !== null
      ? [
          pick(error, 'code'),
          pick(error, 'type'),
          pick(error, 'message'),
          pick(error, 'log_id') ?? pick(error, 'fbtrace_id'),
        ]
      : [error, pick(body, 'error_description'), pick(body, 'log_id')];
  const summary = parts
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .map(String)
    .join(' ');
  return clip(summary === '' ? 'no error detail' : summary);
}

/**
 * Parses a provider answer with `schema`, or fails naming the fields that did not fit (never
 * their values, which may be tokens).
 */
export function parseAnswer<S extends z.ZodType>(
  provider: OAuthProviderName,
  step: string,
  schema: S,
  response: ProviderResponse,
): z.output<S> {
  const result = schema.safeParse(response.body);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => issue.path.join('.') || '(body)').join(', ');
  throw new OAuthProviderError(provider, clip(`${step}: unexpected answer (HTTP ${response.status}; ${fields})`));
}

/** Rejects a non-2xx answer with the provider's error fields. */
export function expectSuccess(provider: OAuthProviderName, step: string, response: ProviderResponse): void {
  if (response.status < 200 || response.status > 299) {
    throw new OAuthProviderError(provider, `${step}: HTTP ${response.status} ${errorSummary(response.body)}`);
  }
}
