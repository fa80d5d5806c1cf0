import type { AppConfig } from '@cliffhanger/contract/browser';
import { vi } from 'vitest';
import { testAppConfig } from './app-config';
import { contractViolation } from './contract-answers';

/** One request the app made, as the server would see it. */
export interface ApiCall {
  method: string;
  /** Without the /api/v1 prefix, e.g. `/auth/sms/send`. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON, or the FormData as sent. */
  body: unknown;
}

/**
 * Canned answers the contract refuses, gathered while a test runs: setup.ts fails the test after
 * it (a throw in here would only reach the app, as a network error).
 */
export const contractViolations: string[] = [];

/** An envelope to answer with, or a transport failure. */
export type Answer =
  | {
      code: number;
      data?: unknown;
      /** A deliberately malformed answer (the app must cope): exempt from the contract check. */
      offContract?: true;
    }
  | { networkError: true };
export type Route = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/**
 * Stubs `fetch` under the app's real HTTP client: routes are keyed `METHOD /path`; GET
 * /app/config answers `config` unless routed; anything else answers Code.NOT_FOUND. Every call but the
 * config one is recorded in order.
 */
export function stubApi(routes: Record<string, Route> = {}, config: AppConfig = testAppConfig()) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const key = `${method} ${path}`;
    const route = routes[key];
    if (key === 'GET /app/config' && !route) return json({ code: 200, message: 'OK', data: config });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body,
    };
    calls.push(call);
    if (!route) return json({ code: 10002, message: 'not found', data: null });
    const answer = typeof route === 'function' ? await route(call) : route;
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    const violation =
      answer.code === 200 && !answer.offContract ? contractViolation(method, path, answer.data ?? null) : null;
    if (violation) contractViolations.push(violation);
    return json({ code: answer.code, message: `code ${answer.code}`, data: answer.data ?? null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetch: fetchMock,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A promise and its resolver, to hold an answer back until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
