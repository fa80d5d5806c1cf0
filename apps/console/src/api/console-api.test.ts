import { consoleMe, consoleSignIn, defineConsoleEndpoint } from '@cliffhanger/contract/console';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeConsoleApi } from '../test/fake-console-api';
import { consoleCall, ConsoleApiError, setSessionEndedHandler } from './console-api';

const refund = defineConsoleEndpoint({
  method: 'POST',
  path: '/orders/:id/refund',
  access: ['finance'],
  freshTotp: true,
  summary: 'test endpoint',
  params: z.object({ id: z.number() }),
  query: z.object({ dry: z.boolean().optional(), tag: z.array(z.string()).optional() }),
  body: z.object({ reason: z.string() }),
  data: z.object({ refunded: z.number() }),
});

describe('consoleCall', () => {
  it('sends the CSRF header, the same-origin cookie, JSON, the filled path and the query', async () => {
    const api = fakeConsoleApi({ 'POST /orders/7%2F8/refund': { data: { refunded: 3 } } });
    const data = await consoleCall(refund, {
      params: { id: '7/8' as unknown as number },
      query: { dry: true, tag: ['a', 'b'] },
      body: { reason: 'duplicate' },
    });
    expect(data).toEqual({ refunded: 3 });
    const [request] = api.received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/orders/7%2F8/refund?dry=true&tag=a&tag=b',
      credentials: 'same-origin',
      body: { reason: 'duplicate' },
    });
    expect(request?.headers).toMatchObject({ 'x-console-request': '1', 'content-type': 'application/json' });
    expect(request?.headers['x-console-totp']).toBeUndefined();
  });

  it('sends a fresh TOTP code only when given', async () => {
    const api = fakeConsoleApi({ 'POST /orders/1/refund': { data: { refunded: 1 } } });
    await consoleCall(refund, { params: { id: 1 }, query: {}, body: { reason: 'r' } }, { totp: '123456' });
    expect(api.received[0]?.headers['x-console-totp']).toBe('123456');
  });

  it('sends an upload as the FormData itself, leaving its content type to the browser', async () => {
    const upload = defineConsoleEndpoint({
      method: 'PUT',
      path: '/files/:id',
      access: ['editor'],
      summary: 'test upload',
      params: z.object({ id: z.number() }),
      multipart: true,
      body: z.custom<FormData>((value) => value instanceof FormData),
      data: z.null(),
    });
    const api = fakeConsoleApi({ 'PUT /files/3': { data: null } });
    const form = new FormData();
    form.append('file', new Blob(['WEBVTT']), 'a.vtt');
    await consoleCall(upload, { params: { id: 3 }, body: form });
    expect(api.received[0]?.body).toBe(form);
    expect(api.received[0]?.headers['content-type']).toBeUndefined();
    expect(api.received[0]?.headers['x-console-request']).toBe('1');
  });

  it('sends the CSRF header on reads too, with no body', async () => {
    const api = fakeConsoleApi({ 'GET /me': { data: { id: 1, email: 'a@b.c', role: 'editor' } } });
    await expect(consoleCall(consoleMe)).resolves.toEqual({ id: 1, email: 'a@b.c', role: 'editor' });
    expect(api.received[0]).toMatchObject({ method: 'GET', path: '/me', body: undefined });
    expect(api.received[0]?.headers['x-console-request']).toBe('1');
    expect(api.received[0]?.headers['content-type']).toBeUndefined();
  });

  it('throws a ConsoleApiError with the code, message and data of any answer but 200', async () => {
    fakeConsoleApi({
      'POST /auth/sign-in': { code: 80003, message: 'locked', data: { retry_after_s: 600 }, status: 429 },
    });
    const error = await consoleCall(consoleSignIn, { body: { email: 'a@b.c', password: 'p', code: '123456' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ code: 80003, message: 'locked', data: { retry_after_s: 600 }, kind: 'code' });
  });

  it.each([10027, 20003, 20007])('hands a session code (%i) to the sign-in handler', async (code) => {
    fakeConsoleApi({ 'GET /me': { code, status: 401 } });
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    await expect(consoleCall(consoleMe)).rejects.toMatchObject({ code });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('does not call the sign-in handler for other codes', async () => {
    fakeConsoleApi({ 'GET /me': { code: 80004, status: 403 } });
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    await expect(consoleCall(consoleMe)).rejects.toMatchObject({ code: 80004 });
    expect(ended).not.toHaveBeenCalled();
  });

  it('refuses data that breaks the contract', async () => {
    fakeConsoleApi({ 'GET /me': { data: { id: 'one' } } });
    await expect(consoleCall(consoleMe)).rejects.toMatchObject({ kind: 'bad-response', code: 10000 });
  });

  it('says so when the answer is not JSON or nothing answers', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>503</html>', { status: 503 })));
    await expect(consoleCall(consoleMe)).rejects.toMatchObject({
      kind: 'bad-response',
      message: expect.stringContaining('503'),
    });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(consoleCall(consoleMe)).rejects.toMatchObject({ kind: 'network' });
  });
});
