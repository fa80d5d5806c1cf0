import { Code, type Session } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  type ViewerDetail,
  type ViewerLedgerEntry,
  type ViewerSummary,
} from '@cliffhanger/contract/console';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, operatorAuditLog, orders, watchHistory } from '../../src/db/schema.js';
import { envelope, newPhone, sendCode, smsLogin } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, consolePost, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { createWalletKit, type WalletKit } from '../wallet/wallet-kit.js';

/** Support's Viewers area over HTTP: search, a viewer's page, coins, VIP, sessions, blocking, audit. */
let kit: WalletKit;
let support: ConsoleOperator;
let admin: ConsoleOperator;
let keySeq = 0;
const newKey = () => `key-${process.pid}-${(keySeq += 1)}`;
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;

beforeAll(async () => {
  kit = await createWalletKit();
  support = await signedInOperator(kit.t.app, kit.clock, 'support');
  admin = await signedInOperator(kit.t.app, kit.clock, 'admin');
});
afterAll(async () => {
  await kit?.close();
});

const get = (path: string, operator = support) =>
  kit.t.app.inject({ method: 'GET', url: url(path), headers: consoleHeaders(operator) });
const find = async (q: string) => envelope<ViewerSummary[]>(await get(`/viewers?q=${encodeURIComponent(q)}`));
const detail = async (uid: number) => envelope<ViewerDetail>(await get(`/viewers/${uid}`)).data;
const money = (operator: ConsoleOperator, path: string, payload: object) =>
  consolePost(kit.t.app, operator, path, payload, operator.freshCode());
const adjust = (
  uid: number,
  body: { direction: 'credit' | 'debit'; amount: number; key?: string },
  operator = support,
) => money(operator, `/viewers/${uid}/coins`, { key: newKey(), reason: 'goodwill', ...body });
const viewerGet = (token: string, path = '/user') =>
  kit.t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization: token } });
const auditOf = (uid: number) =>
  kit.t.app.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, `viewer:${uid}`))
    .orderBy(desc(operatorAuditLog.id));
/** Signs a viewer in with a known phone through the real SMS flow (the kit records the codes). */
async function signInWith(phone: string): Promise<LightMyRequestResponse> {
  const sms = kit.t.app.services.sms;
  if (!(sms instanceof RecordingSmsSender)) throw new Error('the wallet kit records SMS');
  await sendCode(kit.t.app, phone);
  return smsLogin(kit.t.app, phone, sms.lastCodeFor(phone));
}
const entries = (uid: number) => kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${uid}`);

describe('finding a viewer', () => {
  let viewer: Session;
  let phone: string;
  const orderId = `ord_viewers_${process.pid}`;

  beforeAll(async () => {
    phone = newPhone();
    viewer = envelope<Session>(await signInWith(phone)).data;
    await kit.t.app.database.db.insert(orders).values({
      publicId: orderId,
      userId: viewer.user.uid,
      productId: 'coins_100',
      kind: 'coins',
      channel: 'stripe',
      priceCents: 199,
      currency: 'USD',
    });
  });

  it('finds by uid, by phone as sign-in takes it, by invite code in any case and by order id', async () => {
    const uid = viewer.user.uid;
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    const byUid = await find(String(uid));
    expect(byUid.data.map((v) => [v.uid, v.matched_by])).toEqual([[uid, ['uid']]]);
    expect((await find(spaced)).data.map((v) => [v.uid, v.matched_by])).toEqual([[uid, ['phone']]]);
    expect(byUid.data[0]).toMatchObject({ phone, deleted_at: null, blocked_at: null });
    const code = viewer.user.invite_code;
    expect((await find(code.toLowerCase())).data.map((v) => [v.uid, v.matched_by])).toEqual([[uid, ['invite_code']]]);
    expect((await find(orderId)).data.map((v) => [v.uid, v.matched_by])).toEqual([[uid, ['order']]]);
  });

  it('answers nothing for what matches nothing exactly, and refuses an empty search', async () => {
    expect((await find(`${viewer.user.invite_code}X`)).data).toEqual([]);
    expect((await find(phone.slice(0, -1))).data).toEqual([]);
    expect((await find('   ')).code).toBe(Code.INVALID_INPUT);
  });
});

describe("a viewer's page", () => {
  it('shows profile, sign-in methods, sessions, coins with lots, VIP, orders, invites, rewards and plays', async () => {
    const viewer = await kit.user();
    const friend = await kit.user();
    const uid = viewer.user.uid;
    const db = kit.t.app.database.db;
    await kit.credit(uid, 30, { kind: 'checkin_reward' });
    await kit.credit(uid, 70);
    expect(envelope(await kit.call('POST', '/task/checkin', { token: viewer.token, payload: {} })).code).toBe(200);
    const seeded = await seedDrama(kit.t.app, { episodes: 2 });
    const episode = seeded.episodes[1]!;
    await db
      .insert(watchHistory)
      .values({ userId: uid, dramaId: seeded.drama.id, episodeId: episode.id, positionS: 12 });
    await db.insert(invites).values({ inviteeId: friend.user.uid, inviterId: uid, inviterReward: 20 });

    const page = await detail(uid);
    expect(page.profile).toMatchObject({
      uid,
      invite_code: viewer.user.invite_code,
      deleted_at: null,
      blocked_at: null,
    });
    expect(page.sign_in).toMatchObject({ password_set: false, identities: [] });
    expect(page.sign_in.phone).toMatch(/^\+90532/);
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({ revoked_at: null, rotated_at: null });
    expect(page.coins.balance).toBe(100 + page.rewards[0]!.coins);
    // The check-in coins expire (soonest first); the recharge never does (last).
    expect(page.coins.lots.at(-1)).toEqual({ remaining: 70, expires_at: null });
    expect(page.coins.lots[0]!.expires_at).not.toBeNull();
    expect(page.rewards.map((r) => r.kind)).toEqual(['checkin']);
    expect(page.invites).toMatchObject({ invited_by: null, invited: [{ uid: friend.user.uid, inviter_reward: 20 }] });
    expect((await detail(friend.user.uid)).invites.invited_by).toMatchObject({ uid });
    expect(page.plays).toEqual([
      expect.objectContaining({ drama_id: seeded.drama.id, episode_id: episode.id, episode_number: 2, position_s: 12 }),
    ]);
    expect(page.vip).toEqual({ expires_at: null, entries: [] });
    expect(page.orders).toEqual([]);
  });

  it('answers 10002 for an unknown viewer', async () => {
    expect(envelope(await get('/viewers/999999999')).code).toBe(Code.NOT_FOUND);
    expect(envelope(await get('/viewers/999999999/ledger')).code).toBe(Code.NOT_FOUND);
  });

  it('pages the ledger newest first by id, each credit with its lot', async () => {
    const viewer = await kit.user();
    const uid = viewer.user.uid;
    for (let i = 1; i <= 52; i += 1) await kit.credit(uid, i);
    const first = envelope<{ list: ViewerLedgerEntry[]; next_cursor: string | null }>(
      await get(`/viewers/${uid}/ledger`),
    );
    expect(first.data.list).toHaveLength(50);
    expect(first.data.list[0]).toMatchObject({
      amount: 52,
      kind: 'recharge',
      lot: { remaining: 52, expires_at: null },
    });
    const rest = envelope<{ list: ViewerLedgerEntry[]; next_cursor: string | null }>(
      await get(`/viewers/${uid}/ledger?cursor=${first.data.next_cursor}`),
    );
    expect(rest.data.list.map((e) => e.amount)).toEqual([2, 1]);
    expect(rest.data.next_cursor).toBeNull();
  });
});

describe('adjusting coins', () => {
  it('credits a never-expiring support_credit once per key, audited with the reason', async () => {
    const viewer = await kit.user();
    const uid = viewer.user.uid;
    const key = newKey();
    const first = envelope(await adjust(uid, { direction: 'credit', amount: 250, key }));
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ balance: 250, replayed: false, entry: { kind: 'support_credit', amount: 250 } });
    const again = envelope(await adjust(uid, { direction: 'credit', amount: 250, key }));
    expect(again.data).toMatchObject({ balance: 250, replayed: true, entry: { id: first.data.entry.id } });
    expect(await entries(uid)).toBe(1);
    const [entry] = (await detail(uid)).coins.lots;
    expect(entry).toEqual({ remaining: 250, expires_at: null });
    // The same key for another amount is a reused key: refused, nothing written.
    expect(envelope(await adjust(uid, { direction: 'credit', amount: 251, key })).code).toBe(
      Code.IDEMPOTENCY_KEY_REUSED,
    );
    const audit = await auditOf(uid);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: support.id,
      action: 'viewer.coins_credit',
      before: { coin: 0 },
      after: { coin: 250, kind: 'support_credit', amount: 250 },
      reason: 'goodwill',
    });
    // The viewer's own wallet lists it under its kind.
    const wallet = envelope(await kit.call('GET', '/wallet', { token: viewer.token }));
    expect(JSON.stringify(wallet.data)).toContain('support_credit');
  });

  it('debits from the soonest-expiring lot first, and never below zero', async () => {
    const viewer = await kit.user();
    const uid = viewer.user.uid;
    await kit.credit(uid, 30, { kind: 'checkin_reward' });
    await kit.credit(uid, 70);
    const low = envelope(await adjust(uid, { direction: 'debit', amount: 101 }));
    expect(low).toMatchObject({ code: Code.VIEWER_BALANCE_TOO_LOW, data: { balance: 100 } });
    expect(await entries(uid)).toBe(2);
    expect(await auditOf(uid)).toHaveLength(0);

    const taken = envelope(await adjust(uid, { direction: 'debit', amount: 40 }));
    expect(taken.data).toMatchObject({ balance: 60, entry: { kind: 'support_debit', amount: -40, balance_after: 60 } });
    expect((await detail(uid)).coins.lots).toEqual([{ remaining: 60, expires_at: null }]);
    expect((await auditOf(uid))[0]).toMatchObject({
      action: 'viewer.coins_debit',
      before: { coin: 100 },
      after: { coin: 60 },
    });
    expect((await kit.reconcile()).differences).toEqual([]);
  });

  it("caps one adjustment by the operator's role", async () => {
    const uid = (await kit.user()).user.uid;
    const over = envelope(await adjust(uid, { direction: 'credit', amount: 1001 }));
    expect(over).toMatchObject({ code: Code.VIEWER_ADJUSTMENT_OVER_CAP, data: { cap: 1000 } });
    expect(envelope(await adjust(uid, { direction: 'credit', amount: 1001 }, admin)).data.balance).toBe(1001);
    expect(envelope(await adjust(uid, { direction: 'debit', amount: 100_001 }, admin))).toMatchObject({
      code: Code.VIEWER_ADJUSTMENT_OVER_CAP,
      data: { cap: 100_000 },
    });
    expect(envelope(await adjust(uid, { direction: 'credit', amount: 0 })).code).toBe(Code.INVALID_INPUT);
    expect(await entries(uid)).toBe(1);
  });

  it('wants a fresh authenticator code', async () => {
    const uid = (await kit.user()).user.uid;
    const res = await consolePost(kit.t.app, support, `/viewers/${uid}/coins`, {
      direction: 'credit',
      amount: 5,
      key: newKey(),
      reason: 'x',
    });
    expect(envelope(res).code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    expect(await entries(uid)).toBe(0);
  });
});

describe('VIP days', () => {
  it('extends VIP once per key through the VIP ledger, audited', async () => {
    const uid = (await kit.user()).user.uid;
    const key = newKey();
    const grant = () => money(support, `/viewers/${uid}/vip`, { days: 30, key, reason: 'outage' });
    const first = envelope<{ expires_at: string; replayed: boolean }>(await grant());
    expect(first.code).toBe(200);
    expect(Date.parse(first.data.expires_at) - kit.clock.now().getTime()).toBe(30 * 86_400_000);
    expect(envelope(await grant()).data).toEqual({ expires_at: first.data.expires_at, replayed: true });
    const otherDays = await money(support, `/viewers/${uid}/vip`, { days: 31, key, reason: 'outage' });
    expect(envelope(otherDays).code).toBe(Code.IDEMPOTENCY_KEY_REUSED);
    const page = await detail(uid);
    expect(page.vip.expires_at).toBe(first.data.expires_at);
    expect(page.vip.entries).toEqual([expect.objectContaining({ kind: 'grant', seconds: 30 * 86_400 })]);
    expect(await auditOf(uid)).toEqual([
      expect.objectContaining({ action: 'viewer.vip_grant', before: { vip_expires_at: null }, reason: 'outage' }),
    ]);
    for (const days of [0, 367]) {
      const res = await money(support, `/viewers/${uid}/vip`, { days, key: newKey(), reason: 'x' });
      expect(envelope(res).code).toBe(Code.INVALID_INPUT);
    }
    expect((await detail(uid)).vip.entries).toHaveLength(1);
  });
});

describe('blocking', () => {
  it("refuses a blocked viewer's access and refresh tokens and sign-in with 20008, and unblocking restores them", async () => {
    const phone = newPhone();
    const signedIn = envelope<Session>(await signInWith(phone)).data;
    const uid = signedIn.user.uid;
    await kit.credit(uid, 40);
    const seeded = await seedDrama(kit.t.app, { episodes: 1 });

    const blocked = envelope(await consolePost(kit.t.app, support, `/viewers/${uid}/block`, { reason: 'fraud' }));
    expect(blocked.data).toMatchObject({ block_reason: 'fraud' });
    expect(blocked.data.blocked_at).not.toBeNull();
    expect(envelope(await viewerGet(signedIn.token)).code).toBe(Code.ACCOUNT_BLOCKED);
    expect(envelope(await viewerGet(signedIn.refresh_token)).code).toBe(Code.ACCOUNT_BLOCKED);
    expect(envelope(await viewerGet(signedIn.token, `/dramas/${seeded.drama.id}`)).code).toBe(Code.ACCOUNT_BLOCKED);
    const refresh = await kit.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: signedIn.refresh_token },
    });
    expect(envelope(refresh).code).toBe(Code.ACCOUNT_BLOCKED);
    kit.clock.advance(61);
    expect(envelope(await signInWith(phone)).code).toBe(Code.ACCOUNT_BLOCKED);
    // Blocking again changes nothing and records nothing; the ledger and the sessions are untouched.
    await consolePost(kit.t.app, support, `/viewers/${uid}/block`, { reason: 'again' });
    expect(await auditOf(uid)).toHaveLength(1);
    expect(await kit.coin(uid)).toBe(40);
    expect((await detail(uid)).sessions.every((s) => s.revoked_at === null)).toBe(true);

    const unblocked = envelope(await consolePost(kit.t.app, support, `/viewers/${uid}/unblock`, { reason: 'cleared' }));
    expect(unblocked.data).toEqual({ blocked_at: null, block_reason: null });
    expect(envelope(await viewerGet(signedIn.token)).code).toBe(200);
    const audit = await auditOf(uid);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['viewer.unblock', 'cleared'],
      ['viewer.block', 'fraud'],
    ]);
    expect(audit[1]).toMatchObject({ before: { blocked_at: null }, after: { block_reason: 'fraud' } });
  });
});

describe('signing a viewer out everywhere', () => {
  it('revokes every live session through the viewers own revoke path, audited', async () => {
    const viewer = await kit.user();
    const uid = viewer.user.uid;
    const revoke = () => consolePost(kit.t.app, support, `/viewers/${uid}/sessions/revoke`, { reason: 'stolen phone' });
    expect(envelope(await revoke()).data).toEqual({ revoked: 1 });
    expect(envelope(await viewerGet(viewer.token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await revoke()).data).toEqual({ revoked: 0 });
    expect(await auditOf(uid)).toEqual([
      expect.objectContaining({
        action: 'viewer.sessions_revoke',
        after: { live_sessions: 0 },
        reason: 'stolen phone',
      }),
    ]);
    expect(
      envelope(await consolePost(kit.t.app, support, '/viewers/999999999/sessions/revoke', { reason: 'x' })).code,
    ).toBe(Code.NOT_FOUND);
  });
});

describe('a deleted account', () => {
  it('takes no coins, VIP or block (80122) and nothing is written', async () => {
    const viewer = await kit.user();
    const uid = viewer.user.uid;
    expect(envelope(await kit.call('DELETE', '/user', { token: viewer.token })).code).toBe(200);
    expect(envelope(await adjust(uid, { direction: 'credit', amount: 5 })).code).toBe(Code.VIEWER_DELETED);
    expect(envelope(await adjust(uid, { direction: 'debit', amount: 5 })).code).toBe(Code.VIEWER_DELETED);
    const vip = await money(support, `/viewers/${uid}/vip`, { days: 1, key: newKey(), reason: 'x' });
    expect(envelope(vip).code).toBe(Code.VIEWER_DELETED);
    expect(envelope(await consolePost(kit.t.app, support, `/viewers/${uid}/block`, { reason: 'x' })).code).toBe(
      Code.VIEWER_DELETED,
    );
    expect(await entries(uid)).toBe(0);
    expect(await auditOf(uid)).toEqual([]);
    expect((await find(String(uid))).data[0]?.deleted_at).not.toBeNull();
    expect(await kit.scalar(sql`SELECT count(*) FROM vip_entries WHERE user_id = ${uid}`)).toBe(0);
  });
});
