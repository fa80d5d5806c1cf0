import * as contract from '@cliffhanger/contract';
import { Code, type Session } from '@cliffhanger/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, signIn } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Who may call what: visitor, user, another user and a deleted user against every endpoint the
 * contract defines. The contract's `auth` rule is the specification; this file checks the server
 * keeps it, and that another user's things stay theirs.
 */
type AnyEndpoint = { method: contract.HttpMethod; path: string; auth: contract.AuthRule };
const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value;
const endpoints: AnyEndpoint[] = (Object.values(contract) as unknown[]).filter(isEndpoint);

const sms = new RecordingSmsSender();
let t: TestApp;
let owner: Session;
let other: Session;
let deleted: Session;
let episodeId: number;
let dramaId: number;
let commentId: number;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  [owner, other, deleted] = [await signIn({ app: t.app, sms }), await signIn({ app: t.app, sms }), await signIn({ app: t.app, sms })];
  const seeded = await seedDrama(t.app, { episodes: 2, freeEpisodes: 2 });
  episodeId = seeded.episodes[0]!.id;
  dramaId = seeded.drama.id;
  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/v1/episodes/${episodeId}/comments`,
    headers: bearer(owner.token),
    payload: { text: 'mine' },
  });
  commentId = envelope(comment).data.id;
  await t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: bearer(deleted.token) });
});
afterAll(async () => {
  await t?.close();
});

function requestOf(endpoint: AnyEndpoint, token: string | undefined): InjectOptions {
  const path = endpoint.path
    .replace(':provider', 'google')
    .replace(':drama_id', String(dramaId))
    .replace(':invite_code', 'NOSUCHCODE')
    .replace(':key', 'watch_video')
    .replace(':id', endpoint.path.startsWith('/comments') ? String(commentId) : String(episodeId));
  return {
    method: endpoint.method,
    url: `${contract.API_PREFIX}${path}`,
    headers: token ? bearer(token) : {},
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
  };
}

describe('access-control matrix', () => {
  it('covers the whole contract', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it.each(endpoints.filter((e) => e.auth === 'required').map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: visitor 10027, deleted user 20007',
    async (_name, endpoint) => {
      const visitor = await t.app.inject(requestOf(endpoint, undefined));
      expect([visitor.statusCode, envelope(visitor).code]).toEqual([401, Code.NOT_SIGNED_IN]);
      const gone = await t.app.inject(requestOf(endpoint, deleted.token));
      expect([gone.statusCode, envelope(gone).code]).toEqual([401, Code.SESSION_REVOKED]);
    },
  );

  it.each(endpoints.filter((e) => e.auth !== 'required').map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: open to a visitor (never 401)',
    async (_name, endpoint) => {
      const res = await t.app.inject(requestOf(endpoint, undefined));
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it.each(endpoints.filter((e) => e.auth === 'required').map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: a signed-in user is let through (never 401/403 by session)',
    async (_name, endpoint) => {
      // Signing out and deleting the account end the session: they get a throwaway user.
      const ends = endpoint.path === '/auth/logout' || (endpoint.method === 'DELETE' && endpoint.path === '/user');
      const token = ends ? (await signIn({ app: t.app, sms })).token : other.token;
      const res = await t.app.inject(requestOf(endpoint, token));
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it("another user cannot delete the owner's comment, and the comment stays", async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/comments/${commentId}`, headers: bearer(other.token) });
    expect(envelope(res).code).toBe(Code.FORBIDDEN);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/episodes/${episodeId}/comments` });
    const { list: comments } = envelope<{ list: { id: number }[] }>(list).data;
    expect(comments.map((c) => c.id)).toContain(commentId);
  });

  it("another user's profile and invite page are never the owner's", async () => {
    for (const url of ['/api/v1/user', '/api/v1/invite']) {
      const mine = envelope(await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) })).data;
      const theirs = envelope(await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).data;
      expect(JSON.stringify(theirs), url).not.toBe(JSON.stringify(mine));
    }
  });
});
