import { API_PREFIX, REQUEST_TIMEOUT_MS } from '../constants.js';
import { classifyCode } from '../codes.js';
import type { HttpMethod } from '../endpoint.js';
import type { Envelope } from '../envelope.js';
import { ApiError, transportError } from './api-error.js';

export interface SessionTokens {
  token?: string | null;
  refreshToken?: string | null;
}

export interface HttpClientOptions {
  /** Origin of the API, '' for the page's own origin. */
  baseUrl?: string;
  /** Versioned API prefix prepended to every relative path (docs/product.md#api-calls). */
  prefix?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Read at every request, so a sign-in or sign-out takes effect at once. */
  getTokens: () => SessionTokens;
  /** Extra headers per request, e.g. Accept-Language. */
  getHeaders?: () => Record<string, string>;
  /** Called after a session-invalid code: the caller clears the stored login state. */
  onSessionInvalid?: (code: number) => void;
  /** Called on a transport failure: the web app shows the 'Network Error' toast. */
  onTransportFailure?: (error: ApiError) => void;
}

export interface HttpRequest {
  method: HttpMethod;
  /** Relative to the prefix, e.g. `/user`. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Per-request override, e.g. an upload that needs longer. */
  timeoutMs?: number;
}

export type HttpClient = (request: HttpRequest) => Promise<Envelope<unknown>>;

/** The refresh token if present, else the token, else empty (docs/product.md#api-calls). */
export function authorizationValue(tokens: SessionTokens): string {
  return tokens.refreshToken || tokens.token || '';
}

/** A `sign` value in the payload travels as a header too (docs/product.md#api-calls). */
export function signOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'sign' in payload) {
    const sign = payload.sign;
    if (typeof sign === 'string' && sign !== '') return sign;
  }
  return undefined;
}

export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * `anyEnvelopeSchema.safeParse` written out, so the client needs no zod in the browser: an
 * integer code and a string message; unknown keys are dropped.
 */
export function asEnvelope(value: unknown): Envelope<unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { code, message, data } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(code) || typeof message !== 'string') return null;
  return { code: code as number, message, data };
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const prefix = options.prefix ?? API_PREFIX;
  const baseUrl = options.baseUrl ?? '';

  return async function request(req: HttpRequest): Promise<Envelope<unknown>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: authorizationValue(options.getTokens()),
      ...options.getHeaders?.(),
    };
    const sign = signOf(req.body) ?? signOf(req.query);
    if (sign) headers.sign = sign;
    let body: string | FormData | undefined;
    if (req.body instanceof FormData) {
      body = req.body;
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }

    const controller = new AbortController();
    const timeoutMs = req.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let envelope: Envelope<unknown>;
    try {
      const response = await doFetch(`${baseUrl}${prefix}${req.path}${toQueryString(req.query)}`, {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
      });
      const parsed = asEnvelope(await response.json().catch(() => undefined));
      if (!parsed) throw transportError('bad-response', `not an API envelope (HTTP ${response.status})`);
      envelope = parsed;
    } catch (cause) {
      const error =
        cause instanceof ApiError
          ? cause
          : controller.signal.aborted
            ? transportError('timeout', `no answer within ${timeoutMs} ms`)
            : transportError('network', cause instanceof Error ? cause.message : 'network failure');
      options.onTransportFailure?.(error);
      throw error;
    } finally {
      clearTimeout(timer);
    }

    switch (classifyCode(envelope.code)) {
      case 'success':
        return envelope;
      case 'session-invalid':
        options.onSessionInvalid?.(envelope.code);
        throw new ApiError('session-invalid', envelope.code, envelope.message, envelope.data);
      case 'rejected':
        throw new ApiError('code', envelope.code, envelope.message, envelope.data);
    }
  };
}
