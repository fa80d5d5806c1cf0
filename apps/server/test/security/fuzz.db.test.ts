import { ALL_CODES, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Schema-driven fuzzing of every route in the OpenAPI document: invalid types, missing and extra
 * fields, huge and unicode strings, control characters, wrong content types, truncated and
 * oversized bodies. Every answer must be the envelope with a catalogue code and never a 5xx; a
 * request whose body is malformed must be a 4xx and must not move money.
 *
 * Bounded: FUZZ_RUNS cases per route (default 12). The seed is printed; FUZZ_SEED=<n> replays it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() % 2_147_483_647 : Number(process.env.FUZZ_SEED);
const sms = new RecordingSmsSender();
let t: TestApp;
let me: Session;
/** `takesBody`: the operation declares a request body; a body sent to one that takes none is ignored. */
let routes: { method: string; path: string; takesBody: boolean }[];

beforeAll(async () => {
  console.info(`[fuzz] seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} runs per route`);
  t = await createTestApp({
    smsSender: sms,
    env: {
      SMS_IP_HOURLY_CAP: '100000',
      SMS_PHONE_HOURLY_CAP: '10000',
      LOGIN_HOURLY_CAP: '100000',
      BODY_LIMIT_BYTES: '65536',
    },
  });
  me = await signIn({ app: t.app, sms });
  await seedDrama(t.app, { episodes: 2, freeEpisodes: 1 });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'delete'].includes(m))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, takesBody: op.requestBody !== undefined })),
  );
});
afterAll(async () => {
  await t?.close();
});

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[2J',
    '\u202e',
    '\ud800',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>',
    '%00',
  ),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const FIELDS = [
  'phone',
  'code',
  'password',
  'current_password',
  'text',
  'nickname',
  'username',
  'avatar',
  'token',
  'refresh_token',
  'state',
  'episode_id',
  'drama_id',
  'all',
  'channel',
  'target',
  'position_s',
  'invite_code',
  'key',
];
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', 'constructor', 'extra'), hostileValue, { maxKeys: 5 }),
  hostileValue,
);
const segment = fc.oneof(
  fc.constantFrom('1', '0', '-1', '99999999999999999999', 'abc', '%00', '%2e%2e', 'google', 'watch_video', 'ZZZZZZ'),
  // Cutting at 64 can split a surrogate pair; a lone surrogate cannot be URI-encoded at all.
  hostileString.map((s) => encodeURIComponent(s.slice(0, 64).replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
);
const rawBody = fc.oneof(
  fc.constant('{"phone": "+90532'),
  fc.constant('{'),
  fc.constant('null'),
  fc.constant('[]'),
  fc.string({ maxLength: 100 }),
  fc.nat({ max: 100_000 }).map((n) => `{"text":"${'y'.repeat(n)}"}`),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
);

interface Case {
  params: string[];
  query: Record<string, string>;
  body: unknown;
  raw: string | undefined;
  contentType: string;
  signedIn: boolean;
}
const caseOf = fc.record<Case>({
  params: fc.array(segment, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.constantFrom('q', 'page', 'size', 'sort', 'lang', 'type', 'kind', 'episode_id', 'cursor'),
    hostileString.map((s) => s.slice(0, 200)),
    { maxKeys: 3 },
  ),
  body: hostileBody,
  raw: fc.option(rawBody, { nil: undefined }),
  contentType,
  signedIn: fc.boolean(),
});

async function moneyFingerprint(): Promise<string> {
  const [row] = await queryRows<{ entries: number; coins: number }>(
    t.app.database.db,
    sql`select (select count(*) from wallet_entries)::int as entries, (select coalesce(sum(coin), 0) from users)::int as coins`,
  );
  return JSON.stringify(row);
}

function requestOf(route: { method: string; path: string; takesBody: boolean }, c: Case): InjectOptions {
  let i = 0;
  const url = route.path.replace(/\{[^}]+\}/g, () => c.params[i++] ?? '1');
  const query = new URLSearchParams(c.query).toString();
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const payload = !hasBody ? undefined : (c.raw ?? JSON.stringify(c.body));
  return {
    method: route.method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
    headers: {
      ...(c.signedIn ? bearer(me.token) : {}),
      ...(hasBody ? { 'content-type': c.contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  };
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('answers the envelope with a catalogue code and never a 5xx; malformed bodies are 4xx and move no money', async () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(caseOf, async (c) => {
          const before = await moneyFingerprint();
          const res = await t.app.inject(requestOf(route, c));
          const context = `${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          const body = res.json<{ code: number; message: string; data: unknown }>();
          expect(Object.keys(body).sort(), context).toEqual(['code', 'data', 'message']);
          expect(ALL_CODES as readonly number[], context).toContain(body.code);
          const malformed =
            route.takesBody &&
            route.method !== 'GET' &&
            route.method !== 'DELETE' &&
            (c.raw !== undefined || c.contentType !== 'application/json');
          if (malformed && res.statusCode !== 404 && route.path !== '/api/v1/user/avatar') {
            expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
            expect(await moneyFingerprint(), context).toBe(before);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
  });
});
