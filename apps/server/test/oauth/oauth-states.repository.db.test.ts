import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { oauthStates } from '../../src/db/schema.js';
import { OAuthStatesRepository } from '../../src/repositories/oauth-states.repository.js';
import { hashState, randomToken } from '../../src/services/oauth/oauth-crypto.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('OAuthStatesRepository', () => {
  let t: TestApp;
  let db: Db;
  let repo: OAuthStatesRepository;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.database.db;
    repo = new OAuthStatesRepository(db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newState(provider = 'google', ttlSeconds = 600, codeVerifier: string | null = 'verifier') {
    const stateHash = hashState(randomToken());
    await repo.insert({ stateHash, provider, codeVerifier, binderHash: 'b', ttlSeconds }, db);
    return stateHash;
  }

  it('consumes a state once and hands back its verifier', async () => {
    const stateHash = await newState('google', 600, 'the-verifier');
    expect(await repo.consume({ stateHash, provider: 'google', binderHash: 'b' })).toEqual({ codeVerifier: 'the-verifier' });
    expect(await repo.consume({ stateHash, provider: 'google', binderHash: 'b' })).toBeUndefined();
  });

  it('keeps a null verifier for providers without PKCE', async () => {
    const stateHash = await newState('tiktok', 600, null);
    expect(await repo.consume({ stateHash, provider: 'tiktok', binderHash: 'b' })).toEqual({ codeVerifier: null });
  });

  it('expires states by the database clock, ten minutes by default in the service', async () => {
    const stateHash = await newState('google', 600);
    const [row] = await db
      .select({ seconds: sql<number>`extract(epoch from (expires_at - created_at))::int` })
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, stateHash));
    expect(row?.seconds).toBe(600);
  });

  it('refuses a state for another provider and leaves it usable for its own', async () => {
    const stateHash = await newState('facebook');
    expect(await repo.consume({ stateHash, provider: 'google', binderHash: 'b' })).toBeUndefined();
    expect(await repo.consume({ stateHash, provider: 'facebook', binderHash: 'b' })).toEqual({ codeVerifier: 'verifier' });
  });

  it('refuses an expired state', async () => {
    const stateHash = await newState('google', 600);
    await db
      .update(oauthStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthStates.stateHash, stateHash));
    expect(await repo.consume({ stateHash, provider: 'google', binderHash: 'b' })).toBeUndefined();
  });

  it('refuses a state issued to another browser (binder) and leaves it usable for its own', async () => {
    const stateHash = await newState('google');
    expect(await repo.consume({ stateHash, provider: 'google', binderHash: 'other' })).toBeUndefined();
    expect(await repo.consume({ stateHash, provider: 'google', binderHash: 'b' })).toEqual({ codeVerifier: 'verifier' });
  });

  it('refuses an unknown state', async () => {
    expect(await repo.consume({ stateHash: hashState('never issued'), provider: 'google', binderHash: 'b' })).toBeUndefined();
  });

  it('lets exactly one of many concurrent consumers win', async () => {
    const stateHash = await newState('google');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => repo.consume({ stateHash, provider: 'google', binderHash: 'b' })),
    );
    expect(results.filter((result) => result !== undefined)).toHaveLength(1);
  });

  it('positive control: a read-then-write consume lets several win, so the race test can fail', async () => {
    const stateHash = await newState('google');
    const naiveConsume = async () => {
      const [row] = await db
        .select({ consumedAt: oauthStates.consumedAt })
        .from(oauthStates)
        .where(eq(oauthStates.stateHash, stateHash));
      if (!row || row.consumedAt !== null) return undefined;
      await db
        .update(oauthStates)
        .set({ consumedAt: sql`now()` })
        .where(eq(oauthStates.stateHash, stateHash));
      return row;
    };
    const results = await Promise.all(Array.from({ length: 12 }, naiveConsume));
    expect(results.filter((result) => result !== undefined).length).toBeGreaterThan(1);
  });

  it('sweeps expired states, at most `limit` at a time, and nothing live', async () => {
    await db.delete(oauthStates);
    const live = await newState('google', 600);
    for (let i = 0; i < 5; i += 1) await newState('google', -60);
    expect(await repo.deleteExpired(3)).toBe(3);
    expect(await repo.deleteExpired(3)).toBe(2);
    expect(await repo.deleteExpired(3)).toBe(0);
    const rows = await db.select({ stateHash: oauthStates.stateHash }).from(oauthStates);
    expect(rows).toEqual([{ stateHash: live }]);
  });
});
