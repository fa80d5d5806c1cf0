import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { createApiClient } from './api-client.js';
import { ApiError } from './api-error.js';
import { authorizationValue, createHttpClient, type SessionTokens } from './http-client.js';

/** A real HTTP server: each test sets what it answers and reads what it received. */
let server: Server;
let baseUrl = '';
let answer: (req: IncomingMessage, body: string) => { status?: number; body: string; delayMs?: number };
let received: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      const reply = answer(req, body);
      const send = () => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(reply.body);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = () => ({ body: JSON.stringify({ code: 200, message: 'ok', data: { n: 1 } }) });
});

function client(tokens: SessionTokens = {}, extra: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  return createHttpClient({ baseUrl, getTokens: () => tokens, ...extra });
}
const replyWithCode = (code: number, data: unknown = null) => () => ({
  body: JSON.stringify({ code, message: `code ${code}`, data }),
});

describe('Authorization header: the refresh token, else the token, raw', () => {
  it('prefers the refresh token, then the token, then empty', async () => {
    await client({ token: 't', refreshToken: 'r' })({ method: 'GET', path: '/user' });
    await client({ token: 't', refreshToken: null })({ method: 'GET', path: '/user' });
    await client({})({ method: 'GET', path: '/user' });
    expect(received.map((r) => r.headers.authorization)).toEqual(['r', 't', '']);
    expect(authorizationValue({ token: '', refreshToken: '' })).toBe('');
  });

  it('prepends the versioned prefix and encodes the query', async () => {
    await client()({ method: 'GET', path: '/member/type', query: { pay_channel: 'apple', currency: 'USD', skip: undefined } });
    expect(received[0]?.url).toBe('/api/v1/member/type?pay_channel=apple&currency=USD');
  });
});

describe('sign header', () => {
  it('carries a sign value from the body payload', async () => {
    await client()({ method: 'POST', path: '/member/confirm', body: { sign: 'abc123', order: 1 } });
    expect(received[0]?.headers.sign).toBe('abc123');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ sign: 'abc123', order: 1 });
  });
  it('carries a sign value from the query payload', async () => {
    await client()({ method: 'GET', path: '/user', query: { sign: 'q1' } });
    expect(received[0]?.headers.sign).toBe('q1');
  });
  it('sends no sign header when the payload has none', async () => {
    await client()({ method: 'POST', path: '/task/share', body: { a: 1 } });
    expect(received[0]?.headers.sign).toBeUndefined();
  });
});

describe('response codes: success resolves, session-invalid clears the login state, the rest rejects', () => {
  it.each([200, 40702, 10019])('resolves code %i to the caller', async (code) => {
    answer = replyWithCode(code, { x: code });
    await expect(client()({ method: 'POST', path: '/task/checkin' })).resolves.toEqual({
      code,
      message: `code ${code}`,
      data: { x: code },
    });
  });

  it.each([20003, 10027, 20007])('code %i clears the login state and rejects', async (code) => {
    answer = replyWithCode(code);
    const onSessionInvalid = vi.fn();
    const onTransportFailure = vi.fn();
    const error = await client({ token: 't' }, { onSessionInvalid, onTransportFailure })({ method: 'GET', path: '/user' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'session-invalid', code });
    expect(onSessionInvalid).toHaveBeenCalledWith(code);
    expect(onTransportFailure).not.toHaveBeenCalled();
  });

  it.each([10000, 10001, 10002, 30001, 60001, 70001, 12345])('rejects code %i without clearing the session', async (code) => {
    answer = replyWithCode(code, { shortfall: 5 });
    const onSessionInvalid = vi.fn();
    const error = await client({}, { onSessionInvalid })({ method: 'POST', path: '/unlock' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'code', code, data: { shortfall: 5 } });
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('acts on code, not on the HTTP status', async () => {
    answer = () => ({ status: 404, body: JSON.stringify({ code: 10019, message: 'repeat', data: null }) });
    await expect(client()({ method: 'POST', path: '/unlock' })).resolves.toMatchObject({ code: 10019 });
  });
});

describe('transport failures', () => {
  it("reports a refused connection as a transport failure ('Network Error')", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve)); // nothing listens there now
    const onTransportFailure = vi.fn();
    const http = createHttpClient({ baseUrl: `http://127.0.0.1:${port}`, getTokens: () => ({}), onTransportFailure });
    const error = await http({ method: 'GET', path: '/user' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', isTransportFailure: true });
    expect(onTransportFailure).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout', async () => {
    answer = () => ({ body: JSON.stringify({ code: 200, message: '', data: null }), delayMs: 2_000 });
    const onTransportFailure = vi.fn();
    const error = await client({}, { timeoutMs: 50, onTransportFailure })({ method: 'GET', path: '/slow' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(onTransportFailure).toHaveBeenCalledTimes(1);
  });

  it('defaults the timeout to 60 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let signal: AbortSignal | undefined;
      const http = createHttpClient({
        getTokens: () => ({}),
        fetch: (_url, init) =>
          new Promise((_, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      });
      const pending = http({ method: 'GET', path: '/user' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats an answer that is not the envelope as a transport failure', async () => {
    answer = () => ({ status: 502, body: '<html>bad gateway</html>' });
    const onTransportFailure = vi.fn();
    const error = await client({}, { onTransportFailure })({ method: 'GET', path: '/user' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad-response' });
    expect(onTransportFailure).toHaveBeenCalledTimes(1);
  });
});

describe('typed API client', () => {
  const endpoint = defineEndpoint({
    method: 'PUT',
    path: '/invite/:invite_code',
    auth: 'required',
    summary: 'test',
    params: z.object({ invite_code: z.string() }),
    body: z.object({ invite_code: z.string() }),
    data: z.object({ ok: z.boolean() }),
  });

  it('fills path parameters and parses the data', async () => {
    answer = replyWithCode(200, { ok: true });
    const api = createApiClient(client());
    const result = await api.call(endpoint, { params: { invite_code: 'AB C/1' }, body: { invite_code: 'AB C/1' } });
    expect(result.data).toEqual({ ok: true });
    expect(received[0]).toMatchObject({ method: 'PUT', url: '/api/v1/invite/AB%20C%2F1' });
  });

  it('rejects data that breaks the contract', async () => {
    answer = replyWithCode(200, { ok: 'yes' });
    const api = createApiClient(client());
    await expect(api.call(endpoint, { params: { invite_code: 'x' }, body: { invite_code: 'x' } })).rejects.toMatchObject({
      kind: 'bad-response',
    });
  });
});
