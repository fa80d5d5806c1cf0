import { CONSOLE_API_PREFIX } from '@cliffhanger/contract/console';
import { vi } from 'vitest';

export interface ReceivedRequest {
  method: string;
  /** The path after the API prefix, with its query string. */
  path: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** What a handler answers: an envelope's code (200 when left out), data and HTTP status. */
export interface FakeAnswer {
  code?: number;
  message?: string;
  data?: unknown;
  status?: number;
}

type Handler = (request: ReceivedRequest) => FakeAnswer;

/**
 * Stands in for the server behind `fetch`: each route (`'POST /auth/sign-in'`) answers an
 * envelope, and every request is kept for the test to read. A route nobody set fails the test's
 * call with a 404 envelope, as the server would.
 */
export function fakeConsoleApi(routes: Record<string, Handler | FakeAnswer>) {
  const received: ReceivedRequest[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const path = url.startsWith(CONSOLE_API_PREFIX) ? url.slice(CONSOLE_API_PREFIX.length) : url;
    const request: ReceivedRequest = {
      method: init.method ?? 'GET',
      path,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
    };
    received.push(request);
    const route = routes[`${request.method} ${path.split('?')[0]}`];
    const answer: FakeAnswer =
      route === undefined ? { code: 10002, status: 404 } : typeof route === 'function' ? route(request) : route;
    const code = answer.code ?? 200;
    const body = JSON.stringify({ code, message: answer.message ?? `code ${code}`, data: answer.data ?? null });
    return Promise.resolve(
      new Response(body, {
        status: answer.status ?? (code === 200 ? 200 : 400),
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return { received, fetch };
}
