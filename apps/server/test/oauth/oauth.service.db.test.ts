import { createHash } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { userIdentities, users, type UserRow } from '../../src/db/schema.js';
import { isAppError } from '../../src/http/envelope.js';
import { IdentitiesRepository, type IdentityKey } from '../../src/repositories/identities.repository.js';
import { OAuthStatesRepository } from '../../src/repositories/oauth-states.repository.js';
import {
  OAuthProviderError,
  type OAuthProvider,
  type ProviderProfile,
} from '../../src/services/oauth/oauth-provider.js';
import { OAuthService } from '../../src/services/oauth/oauth.service.js';
import type { JobData, JobName, JobSender } from '../../src/services/jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** A provider that answers whatever profile the test sets, or fails when told to. */
class StubProvider implements OAuthProvider {
  readonly name = 'google' as const;
  readonly usesPkce = true;
  profile: ProviderProfile = { subject: 'stub-subject' };
  failure: OAuthProviderError | undefined;
  readonly seenVerifiers: (string | undefined)[] = [];
  readonly urlVerifiers: (string | undefined)[] = [];

  authorizationUrl({ state, codeVerifier }: { state: string; codeVerifier?: string }): string {
    this.urlVerifiers.push(codeVerifier);
    const challenge = createHash('sha256')
      .update(codeVerifier ?? '')
      .digest('base64url');
    return `https://idp.example/auth?state=${state}&code_challenge=${challenge}`;
  }

  exchange({ codeVerifier }: { code: string; codeVerifier?: string }): Promise<ProviderProfile> {
    this.seenVerifiers.push(codeVerifier);
    return this.failure ? Promise.reject(this.failure) : Promise.resolve(this.profile);
  }
}

/**
 * Hides the existing link from the first lookup, as if another request linked the account
 * between this request's lookup and its insert: the 23505 path, deterministically.
 */
class RacyIdentities extends IdentitiesRepository {
  hideNextLookups = 0;

  override async findActiveUser(key: IdentityKey, tx?: Db): Promise<UserRow | undefined> {
    if (this.hideNextLookups > 0) {
      this.hideNextLookups -= 1;
      return undefined;
    }
    return super.findActiveUser(key, tx);
  }
}

/** Keeps what was queued instead of running it; fails every send while `failing`. */
class RecordingJobs implements JobSender {
  readonly sent: { name: JobName; data: unknown }[] = [];
  failing = false;

  send<N extends JobName>(name: N, data: JobData[N]): Promise<void> {
    if (this.failing) return Promise.reject(new Error('queue unreachable'));
    this.sent.push({ name, data });
    return Promise.resolve();
  }
}

describe('OAuthService', () => {
  let t: TestApp;
  const jobs = new RecordingJobs();
  let provider: StubProvider;
  let identities: RacyIdentities;
  let service: OAuthService;
  const log = { warn: vi.fn() };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.app.database;
    provider = new StubProvider();
    identities = new RacyIdentities(db);
    service = new OAuthService({
      db,
      providers: { google: provider },
      states: new OAuthStatesRepository(db),
      identities,
      users: t.app.services.users,
      sessions: t.app.services.session,
      rateLimiter: t.app.services.rateLimiter,
      urlRateLimit: { limit: 3, windowSeconds: 60 },
      jobs,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.database.db;
  async function userCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(users);
    return row?.n ?? 0;
  }
  // The URL limit is 3 per IP here (tested last); every other sign-in comes from its own IP.
  let clients = 0;
  const nextIp = () => `198.51.100.${(clients += 1)}`;
  async function signIn(subject: string, picture?: string) {
    provider.profile = { subject, name: `Name of ${subject}`, ...(picture ? { avatarUrl: picture } : {}) };
    const { state, binder } = await service.authorizationUrl('google', { ip: nextIp(), binder: undefined });
    return service.signIn({ provider: 'google', code: 'c', state, binder: { cookie: binder, body: undefined } }, log);
  }
  async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
    const error: unknown = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    return isAppError(error) ? error.code : undefined;
  }

  it('hands the stored PKCE verifier to the provider', async () => {
    const { url, state, binder } = await service.authorizationUrl('google', { ip: nextIp(), binder: undefined });
    provider.profile = { subject: 'pkce' };
    await service.signIn({ provider: 'google', code: 'c', state, binder: { cookie: binder, body: undefined } }, log);
    const verifier = provider.seenVerifiers.at(-1);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(provider.urlVerifiers.at(-1)).toBe(verifier);
    expect(url).not.toContain(verifier);
  });

  it('signs in to the existing account when a concurrent sign-in linked it first (23505)', async () => {
    const first = await signIn('race-subject');
    const usersBefore = await userCount();
    identities.hideNextLookups = 1;
    const second = await signIn('race-subject');
    expect(identities.hideNextLookups).toBe(0);
    expect(second.user.uid).toBe(first.user.uid);
    // The user created inside the losing transaction was rolled back with it.
    expect(await userCount()).toBe(usersBefore);
  });

  it('creates a new account when the linked user was deleted', async () => {
    const before = await signIn('deleted-subject');
    await t.app.services.account.deleteAccount(before.user.uid);
    const after = await signIn('deleted-subject');
    expect(after.user.uid).not.toBe(before.user.uid);
  });

  it('repairs a link left pointing at a deleted user instead of failing forever', async () => {
    const before = await signIn('stale-link');
    // A deletion that removed the person but (unlike the real flow) left the link behind.
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, before.user.uid));
    const after = await signIn('stale-link');
    expect(after.user.uid).not.toBe(before.user.uid);
    const links = await db()
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, 'google'), eq(userIdentities.subject, 'stale-link')));
    expect(links).toEqual([{ userId: after.user.uid }]);
  });

  it('logs the provider detail at warn and rethrows 70005 without it', async () => {
    provider.failure = new OAuthProviderError('google', 'token: HTTP 400 invalid_grant Bad Request');
    try {
      const { state, binder } = await service.authorizationUrl('google', { ip: nextIp(), binder: undefined });
      const error: unknown = await service
        .signIn({ provider: 'google', code: 'c', state, binder: { cookie: binder, body: undefined } }, log)
        .catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe(Code.SIGNIN_PROVIDER_ERROR);
      expect(isAppError(error) && error.message).toBe('Sign-in with google failed');
      expect(log.warn).toHaveBeenCalledWith(
        { provider: 'google', detail: 'token: HTTP 400 invalid_grant Bad Request' },
        'provider sign-in failed',
      );
    } finally {
      provider.failure = undefined;
    }
  });

  describe('the copy of the provider picture', () => {
    const copies = () => jobs.sent.filter((job) => job.name === 'avatar-copy').map((job) => job.data);

    it('is queued, not awaited: the first answer shows the provider URL and the job replaces exactly it', async () => {
      jobs.sent.length = 0;
      const session = await signIn('picture-1', 'https://lh3.example/p1');
      expect(session.user.avatar).toBe('https://lh3.example/p1');
      expect(copies()).toEqual([{ userId: session.user.uid, url: 'https://lh3.example/p1', replaces: 'https://lh3.example/p1' }]);
    });

    it('is queued again at a later sign-in while the copy has not landed, with the fresh URL', async () => {
      jobs.sent.length = 0;
      const first = await signIn('picture-2', 'https://lh3.example/p2-old');
      const again = await signIn('picture-2', 'https://lh3.example/p2-new');
      expect(again.user.uid).toBe(first.user.uid);
      expect(copies().at(-1)).toEqual({
        userId: first.user.uid,
        url: 'https://lh3.example/p2-new',
        replaces: 'https://lh3.example/p2-old',
      });
    });

    it('is not queued once the avatar is a stored file or was removed, nor without a picture', async () => {
      const stored = await signIn('picture-3', 'https://lh3.example/p3');
      await db()
        .update(users)
        .set({ avatar: 'avatars/00000000-0000-4000-8000-000000000003.webp' })
        .where(eq(users.id, stored.user.uid));
      const removed = await signIn('picture-4', 'https://lh3.example/p4');
      await db().update(users).set({ avatar: '' }).where(eq(users.id, removed.user.uid));
      jobs.sent.length = 0;
      await signIn('picture-3', 'https://lh3.example/p3');
      await signIn('picture-4', 'https://lh3.example/p4');
      await signIn('picture-5');
      expect(copies()).toEqual([]);
      // Positive control: the same sign-in with a picture on a fresh account does queue one.
      await signIn('picture-6', 'https://lh3.example/p6');
      expect(copies()).toHaveLength(1);
    });

    it('costs only the copy when the queue cannot take it: the sign-in succeeds and the failure is logged', async () => {
      jobs.failing = true;
      log.warn.mockClear();
      try {
        const session = await signIn('picture-7', 'https://lh3.example/p7');
        expect(session.user.avatar).toBe('https://lh3.example/p7');
        expect(log.warn).toHaveBeenCalledWith(
          expect.objectContaining({ userId: session.user.uid }),
          'could not queue the avatar copy',
        );
      } finally {
        jobs.failing = false;
      }
    });
  });

  it('answers 70007 for a provider that is not configured, before touching any state', async () => {
    expect(await codeOf(service.authorizationUrl('facebook', { ip: nextIp(), binder: undefined }))).toBe(Code.SIGNIN_METHOD_DISABLED);
    expect(await codeOf(service.signIn({ provider: 'tiktok', code: 'c', state: 's', binder: { cookie: undefined, body: undefined } }, log))).toBe(
      Code.SIGNIN_METHOD_DISABLED,
    );
  });

  it('limits authorization URLs per client IP (10003 with retry_after_s)', async () => {
    for (let i = 0; i < 3; i += 1) await service.authorizationUrl('google', { ip: '203.0.113.7', binder: undefined });
    const error: unknown = await service.authorizationUrl('google', { ip: '203.0.113.7', binder: undefined }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe(Code.TOO_MANY_REQUESTS);
    expect(isAppError(error) && (error.data as { retry_after_s: number }).retry_after_s).toBeGreaterThan(0);
    // Another client is not affected.
    await expect(service.authorizationUrl('google', { ip: '203.0.113.8', binder: undefined })).resolves.toBeDefined();
  });
});
