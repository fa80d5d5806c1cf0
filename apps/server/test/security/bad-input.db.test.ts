import { Code, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { multipartBody } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Inputs an outside probe used to get 500s: control characters and a cut-off upload. */
const sms = new RecordingSmsSender();
let t: TestApp;
let me: Session;
let episodeId: number;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms });
  me = await signIn({ app: t.app, sms });
  episodeId = (await seedDrama(t.app, { episodes: 1, freeEpisodes: 1 })).episodes[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

function expectInvalid(res: { statusCode: number; body: string }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(JSON.parse(res.body)).toMatchObject({
    code: Code.INVALID_INPUT,
    data: { fields: [{ field, message: expect.stringContaining('control characters') }] },
  });
}

describe('control characters', () => {
  it.each([['\u0000'], ['a\u0000b'], ['\u001b[31m'], ['\u007f']])('refuses %j in a comment with 10001', async (text) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/episodes/${episodeId}/comments`,
      headers: bearer(me.token),
      payload: { text },
    });
    expectInvalid(res, 'body.text');
    const [row] = await queryRows<{ n: number }>(t.app.database.db, sql`select count(*)::int as n from comments`);
    expect(row?.n).toBe(0);
  });

  it('keeps line breaks in a comment', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/episodes/${episodeId}/comments`,
      headers: bearer(me.token),
      payload: { text: 'two\nlines' },
    });
    expect(envelope(res).code).toBe(200);
  });

  it('refuses a NUL in an invite code (path) with 10001', async () => {
    expectInvalid(await t.app.inject({ method: 'PUT', url: '/api/v1/invite/AB%00CD', headers: bearer(me.token) }), 'params.invite_code');
  });

  it('refuses a NUL in a search query with 10001', async () => {
    expectInvalid(await t.app.inject({ method: 'GET', url: '/api/v1/dramas?q=%00' }), 'query.q');
  });

  it('refuses control characters in a phone, a password and a refresh token', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['POST', '/api/v1/auth/sms/send', { phone: '+90532\u00001234567' }, 'body.phone'],
      ['POST', '/api/v1/auth/password/login', { phone: '+905321234567', password: 'pass\u0000word' }, 'body.password'],
      ['POST', '/api/v1/auth/refresh', { refresh_token: 'x\u0000' }, 'body.refresh_token'],
    ];
    for (const [method, url, payload, field] of cases) {
      expectInvalid(await t.app.inject({ method: method as 'POST', url, payload }), field);
    }
  });
});

describe('truncated multipart upload', () => {
  it('answers 10001 (not 500) for an avatar upload cut off mid-part', async () => {
    const { payload, headers } = multipartBody([
      { field: 'file', filename: 'a.png', contentType: 'image/png', bytes: Buffer.alloc(4096, 7) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: { ...headers, ...bearer(me.token) },
      payload: payload.subarray(0, 300),
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.file' }] } });
  });

  it('answers 10001 for a multipart body without its boundary', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: { 'content-type': 'multipart/form-data; boundary=nothere', ...bearer(me.token) },
      payload: 'garbage without any boundary',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(Code.INVALID_INPUT);
  });
});
