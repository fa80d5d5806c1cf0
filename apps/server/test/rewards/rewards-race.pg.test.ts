import { Code, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { createRewardsKit, type RewardsKit } from './rewards-kit.js';

/**
 * Races on real PostgreSQL: double taps and parallel requests pay once. PGlite runs one
 * statement at a time and would prove nothing, so this suite runs only in the server-pg project.
 */
const PARALLEL = 30;
let kit: RewardsKit;

beforeAll(async () => {
  kit = await createRewardsKit();
});
afterAll(async () => {
  await kit?.close();
});

const codes = (responses: LightMyRequestResponse[]) => responses.map((res) => envelope(res).code);
const count = (list: unknown[], value: unknown) => list.filter((v) => v === value).length;
const entries = (uid: number, kind: string) =>
  kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid} AND kind = ${kind}`);
const share = (user: Session) =>
  kit.call('POST', '/task/share', { token: user.token, payload: { channel: 'copy_link' } });
const inviteCodeOf = async (uid: number) => {
  const [row] = await queryRows<{ code: string }>(kit.t.app.database.db, sql`SELECT invite_code AS code FROM users WHERE id = ${uid}`);
  return row!.code;
};

describe('rewards races on PostgreSQL', () => {
  it(`${PARALLEL} parallel check-ins: one credit, the rest 40702`, async () => {
    const me = await kit.user();
    const results = codes(await Promise.all(Array.from({ length: PARALLEL }, () => kit.checkin(me.token))));
    expect(count(results, 200)).toBe(1);
    expect(count(results, Code.ALREADY_DONE_TODAY)).toBe(PARALLEL - 1);
    expect(await entries(me.user.uid, 'checkin_reward')).toBe(1);
    expect(await kit.coin(me.user.uid)).toBe(10);
  });

  it(`${PARALLEL} parallel claims of a done task: one credit, the rest 10019`, async () => {
    const me = await kit.user();
    await share(me);
    const results = codes(await Promise.all(Array.from({ length: PARALLEL }, () => kit.claim(me.token, 'share_app'))));
    expect(count(results, 200)).toBe(1);
    expect(count(results, Code.ALREADY_OWNED)).toBe(PARALLEL - 1);
    expect(await entries(me.user.uid, 'share_app_reward')).toBe(1);
    expect(await kit.coin(me.user.uid)).toBe(20);
  });

  it('parallel entries of one code by one invitee make one relationship and one welcome reward', async () => {
    const inviter = await kit.user();
    const me = await kit.user();
    const code = await inviteCodeOf(inviter.user.uid);
    const results = codes(
      await Promise.all(Array.from({ length: PARALLEL }, () => kit.call('PUT', `/invite/${code}`, { token: me.token }))),
    );
    expect(count(results, 200)).toBe(1);
    expect(count(results, Code.INVITE_ALREADY_INVITED)).toBe(PARALLEL - 1);
    expect(await kit.scalar(sql`SELECT count(*) FROM invites WHERE invitee_id = ${me.user.uid}`)).toBe(1);
    expect(await entries(me.user.uid, 'invitee_reward')).toBe(1);
  });

  it('15 invitees entering one code at once: exactly 10 are counted', async () => {
    const inviter = await kit.user();
    const code = await inviteCodeOf(inviter.user.uid);
    const invitees = await Promise.all(Array.from({ length: 15 }, () => kit.user()));
    const results = codes(
      await Promise.all(invitees.map((u) => kit.call('PUT', `/invite/${code}`, { token: u.token }))),
    );
    expect(count(results, 200)).toBe(10);
    expect(count(results, Code.INVITE_INVITER_LIMIT)).toBe(5);
    expect(await kit.scalar(sql`SELECT count(*) FROM invites WHERE inviter_id = ${inviter.user.uid}`)).toBe(10);
  });

  it(`${PARALLEL} parallel rewards of one served ad: one credit`, async () => {
    const me = await kit.user();
    const token = envelope(await kit.call('GET', '/ads/next?kind=rewarded', { token: me.token })).data.ad;
    // No drama seeded: the house source has nothing, so serve a token through the service's store.
    expect(token).toBeNull();
    const served = await serveToken(kit.t.app.database.db, me.user.uid, kit.clock.now());
    const results = codes(
      await Promise.all(Array.from({ length: PARALLEL }, () => kit.call('POST', '/ads/reward', { token: me.token, payload: { token: served } }))),
    );
    expect(count(results, 200)).toBe(1);
    expect(count(results, Code.ALREADY_OWNED)).toBe(PARALLEL - 1);
    expect(await entries(me.user.uid, 'ad_reward')).toBe(1);
  });

  /**
   * Positive controls: the same races against deliberately unguarded code (read, then write, no
   * row lock, no unique key) must go wrong, or the tests above could pass without the guards.
   */
  it('POSITIVE CONTROL: an unguarded read-then-credit check-in credits more than once', async () => {
    const me = await kit.user();
    const db = kit.t.app.database.db;
    await Promise.all(Array.from({ length: PARALLEL }, (_, i) => unguardedCheckin(db, me.user.uid, i)));
    expect(await entries(me.user.uid, 'checkin_reward')).toBeGreaterThan(1);
  });

  it('POSITIVE CONTROL: an unguarded read-then-pay claim pays more than once', async () => {
    const me = await kit.user();
    await share(me);
    const db = kit.t.app.database.db;
    await Promise.all(Array.from({ length: PARALLEL }, (_, i) => unguardedClaim(db, me.user.uid, i)));
    expect(await kit.scalar(sql`SELECT count(*) FROM task_claims WHERE user_id = ${me.user.uid}`)).toBeGreaterThan(1);
  });

  it('POSITIVE CONTROL: an unguarded count-then-insert invite passes the cap of 10', async () => {
    const inviter = await kit.user();
    const invitees = await Promise.all(Array.from({ length: 15 }, () => kit.user()));
    const db = kit.t.app.database.db;
    await Promise.all(invitees.map((u, i) => unguardedInvite(db, inviter.user.uid, u.user.uid, i)));
    expect(await kit.scalar(sql`SELECT count(*) FROM invites WHERE inviter_id = ${inviter.user.uid}`)).toBeGreaterThan(10);
  });
});

/** A rewarded-ad token as the ads service stores it (sha256 of the token). */
async function serveToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = `race-token-${userId}`;
  const { sha256Hex } = await import('../../src/lib/tokens.js');
  await db.execute(
    sql`INSERT INTO ad_reward_tokens (token_hash, user_id, ad_id, expires_at, payable_at, created_at)
        VALUES (${sha256Hex(token)}, ${userId}, 'house:test', ${new Date(now.getTime() + 600_000)}, ${now}, ${now})`,
  );
  return token;
}

/** TEST ONLY, deliberately wrong: "checked in today?" read, then a credit under a per-request key, no lock. */
async function unguardedCheckin(db: Db, userId: number, attempt: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`SELECT count(*) AS n FROM wallet_entries WHERE user_id = ${userId} AND kind = 'checkin_reward'`,
    );
    if (Number(row?.n) > 0) return;
    await tx.execute(sql`SELECT pg_sleep(0.02)`);
    await tx.execute(
      sql`INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key)
          VALUES (${userId}, 'checkin_reward', 10, 10, ${`unguarded:checkin:${attempt}`})`,
    );
  });
}

/** TEST ONLY, deliberately wrong: the claim without the wallet lock and with a per-request period. */
async function unguardedClaim(db: Db, userId: number, attempt: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`SELECT count(*) AS n FROM task_claims WHERE user_id = ${userId} AND task_key = 'share_app'`,
    );
    if (Number(row?.n) > 0) return;
    await tx.execute(sql`SELECT pg_sleep(0.02)`);
    await tx.execute(
      sql`INSERT INTO task_claims (user_id, task_key, period, upto, coins) VALUES (${userId}, 'share_app', ${`p${attempt}`}, 1, 20)`,
    );
  });
}

/** TEST ONLY, deliberately wrong: the cap check without locking the inviter. */
async function unguardedInvite(db: Db, inviterId: number, inviteeId: number, attempt: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`SELECT count(*) AS n FROM invites WHERE inviter_id = ${inviterId}`,
    );
    if (Number(row?.n) >= 10) return;
    // The pool holds 10 connections, as many as the cap: with one sleep for all, the first ten
    // commit together and the rest read 10. Staggered, the later ones read while the cap is not
    // yet reached, which is the race the guarded code must survive.
    await tx.execute(sql`SELECT pg_sleep(${0.02 + attempt * 0.01})`);
    await tx.execute(sql`INSERT INTO invites (invitee_id, inviter_id, inviter_reward) VALUES (${inviteeId}, ${inviterId}, 50)`);
  });
}
