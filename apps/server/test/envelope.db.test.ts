import { Code, defineEndpoint } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ok } from '../src/http/envelope.js';
import { registerEndpoint } from '../src/http/register-endpoint.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Test-only endpoints, registered the way real routes are.
const listThings = defineEndpoint({
  method: 'GET',
  path: '/test/things',
  auth: 'none',
  summary: 'test: paged list',
  query: z.object({
    page: z.coerce.number().int().min(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  }),
  data: z.object({ page: z.number(), size: z.number() }),
});

const createThing = defineEndpoint({
  method: 'POST',
  path: '/test/things/:group',
  auth: 'none',
  summary: 'test: create',
  params: z.object({ group: z.enum(['a', 'b']) }),
  body: z.object({ name: z.string().min(1).max(140), tags: z.array(z.string()).max(2) }),
  data: z.object({ group: z.string(), name: z.string() }),
});

const failing = defineEndpoint({
  method: 'GET',
  path: '/test/boom',
  auth: 'none',
  summary: 'test: bug',
  data: z.null(),
});
const rejecting = defineEndpoint({
  method: 'GET',
  path: '/test/conflict',
  auth: 'none',
  summary: 'test: rule',
  data: z.null(),
});
const repeating = defineEndpoint({
  method: 'GET',
  path: '/test/repeat',
  auth: 'none',
  summary: 'test: repeat',
  data: z.object({ n: z.number() }),
});
const breaksContract = defineEndpoint({
  method: 'GET',
  path: '/test/bad-data',
  auth: 'none',
  summary: 'test: bad data',
  data: z.object({ n: z.number() }),
});

let t: TestApp;

interface InvalidInputBody {
  code: number;
  data: { fields: { field: string; message: string }[] };
}

function fieldNames(res: { json: <T>() => T }): string[] {
  return res
    .json<InvalidInputBody>()
    .data.fields.map((f) => f.field)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    extend: (app) => {
      registerEndpoint(app, listThings, (request) => ok({ page: request.query.page, size: request.query.size }));
      registerEndpoint(app, createThing, (request) => ok({ group: request.params.group, name: request.body.name }));
      registerEndpoint(app, failing, () => {
        throw new Error('relation "users" failed: SELECT secret FROM users WHERE password = \'hunter2\'');
      });
      registerEndpoint(app, rejecting, () => {
        throw new AppError(Code.INSUFFICIENT_COINS, 'Not enough coins', { shortfall: 7 });
      });
      registerEndpoint(app, repeating, () => ok({ n: 1 }, { code: Code.ALREADY_OWNED, message: 'Already owned' }));
      // Deliberately wrong at runtime: the serializer must catch what the type system was told to ignore.
      registerEndpoint(app, breaksContract, () => ok({ n: 'one' as unknown as number }));
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('success envelope', () => {
  it('wraps data in {code: 200, message, data}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/things?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 200, message: 'OK', data: { page: 2, size: 20 } });
  });

  it('answers an idempotent repeat with its success code and HTTP 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/repeat' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: Code.ALREADY_OWNED, message: 'Already owned', data: { n: 1 } });
  });

  it('accepts a valid body and path parameter', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/test/things/a', payload: { name: 'x', tags: [] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'OK', data: { group: 'a', name: 'x' } });
  });
});

describe('invalid input → 10001 naming each bad field', () => {
  it('names a bad query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/things?page=0' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(fieldNames(res)).toEqual(['query.page']);
    expect(body.data.fields[0].message).toEqual(expect.any(String));
  });

  it('names every bad query parameter, and a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/things?size=500' });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['query.page', 'query.size']);
  });

  it('names bad body fields, nested ones with their path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/things/a',
      payload: { name: '', tags: ['ok', 3] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.name', 'body.tags.1']);
  });

  it('names a bad path parameter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/things/zzz',
      payload: { name: 'x', tags: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['params.group']);
  });

  it('answers a missing body with the body named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/test/things/a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Code.INVALID_INPUT);
    expect(fieldNames(res)).toEqual(['body']);
  });

  it('answers malformed JSON with 10001', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/things/a',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: Code.INVALID_INPUT,
      message: 'Malformed JSON body',
      data: { fields: [{ field: 'body', message: 'is not valid JSON' }] },
    });
  });

  it('answers an unsupported media type with 10001', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/things/a',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Code.INVALID_INPUT);
    expect(res.json().data.fields[0].field).toBe('headers.content-type');
  });
});

describe('other errors', () => {
  it('answers a body over the limit with 10004 / HTTP 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/things/a',
      payload: { name: 'x', tags: ['y'.repeat(4096)] },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: Code.PAYLOAD_TOO_LARGE, message: 'Payload too large', data: null });
  });

  it('answers an unknown API route with 10002 / HTTP 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/app/config'],
      ['DELETE', '/api/nope'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ code: Code.NOT_FOUND, message: 'Not found', data: null });
    }
  });

  it('answers a URL Fastify cannot route (bad escape, over-long parameter) with 10001 and never echoes it', async () => {
    const long = `x${'9'.repeat(4_999)}`;
    for (const url of [
      '/api/v1/dramas/%zz',
      '/media/%zz',
      '/%zz',
      `/api/v1/dramas/${long}`,
      `/api/v1/episodes/${long}/play`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 30)).toBe(400);
      expect(res.json(), url.slice(0, 30)).toEqual({
        code: Code.INVALID_INPUT,
        message: 'Bad request',
        data: { fields: [] },
      });
      expect(res.body).not.toContain('%zz');
      expect(res.body).not.toContain('9999');
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    }
  });

  it('answers an AppError with its code, HTTP status and data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: Code.INSUFFICIENT_COINS, message: 'Not enough coins', data: { shortfall: 7 } });
  });

  it('answers an uncaught error with 10000 / HTTP 500 and nothing of its text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: Code.INTERNAL_ERROR, message: 'Internal error', data: null });
    expect(res.body).not.toMatch(/SELECT|secret|hunter2|users|stack|\.ts/i);
  });

  it('answers data that breaks the contract with 10000 instead of sending it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/bad-data' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: Code.INTERNAL_ERROR, message: 'Internal error', data: null });
  });
});

describe('x-request-id', () => {
  it('echoes a well-formed incoming id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/things?page=1',
      headers: { 'x-request-id': 'abc-123.def' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123.def');
  });

  it('generates one when none is sent, different per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('replaces an id that is too long or has unsafe characters', async () => {
    for (const incoming of ['a'.repeat(129), '<script>alert(1)</script>', 'two words']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': incoming } });
      expect(res.headers['x-request-id'], incoming).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is present on error answers too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/boom',
      headers: { 'x-request-id': 'trace-me' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-me');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/things/a',
      headers: { 'x-request-id': 'trace-2', 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.headers['x-request-id']).toBe('trace-2');
  });
});
