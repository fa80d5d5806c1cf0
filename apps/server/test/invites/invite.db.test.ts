import { Code, type InviteOverview, type Session, type TasksOverview } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, newPhone } from '../helpers/accounts.js';
import { createRewardsKit, type RewardsKit } from '../rewards/rewards-kit.js';

const DAY_S = 86_400;
let kit: RewardsKit;

beforeAll(async () => {
  kit = await createRewardsKit();
});
afterAll(async () => {
  await kit?.close();
});

const enter = (token: string, code: string, payload?: unknown) =>
  kit.call('PUT', `/invite/${encodeURIComponent(code)}`, { token, payload });
const overview = async (token: string) => envelope<InviteOverview>(await kit.call('GET', '/invite', { token })).data;
const codeOf = async (user: Session) => (await overview(user.token)).invite_code;

describe('PUT /invite/:invite_code', () => {
  it('links a new user to the inviter: the invitee gets 20 at once, the inviter 50 through the task', async () => {
    const inviter = await kit.user();
    const invitee = await kit.user();
    const code = await codeOf(inviter);
    const res = await enter(invitee.token, code.toLowerCase(), { invite_code: code });
    expect(envelope(res)).toMatchObject({ code: 200, data: { reward: 20, balance: 20 } });
    expect(await kit.coin(invitee.user.uid)).toBe(20);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${invitee.user.uid} AND kind = 'invitee_reward'`),
    ).toBe(1);

    const mine = await overview(inviter.token);
    expect(mine).toMatchObject({ invited_count: 1, earned: 50 });
    expect(mine.records).toHaveLength(1);
    expect(mine.records[0]).toMatchObject({ reward: 50 });
    expect(mine.rules).toEqual({ window_days: 3, max_invites: 10, inviter_reward: 50, invitee_reward: 20 });
    expect(await overview(invitee.token)).toMatchObject({ can_enter_code: false, enter_code_until: null });

    const task = envelope<TasksOverview>(await kit.overview(inviter.token)).data.tasks.find((t) => t.key === 'invite_friends');
    expect(task).toMatchObject({ progress: 1, claimable: 1, claimable_coins: 50, state: 'claimable' });
    expect(envelope(await kit.claim(inviter.token, 'invite_friends')).data).toMatchObject({ coins: 50, balance: 50 });
    expect(envelope(await kit.claim(inviter.token, 'invite_friends')).code).toBe(Code.ALREADY_OWNED);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${inviter.user.uid} AND kind = 'task_reward'`),
    ).toBe(1);
  });

  it('refuses an unknown code (60001) and one\'s own code (60002)', async () => {
    const me = await kit.user();
    expect(envelope(await enter(me.token, 'NOPE2345')).code).toBe(Code.INVITE_CODE_INVALID);
    expect(envelope(await enter(me.token, await codeOf(me))).code).toBe(Code.INVITE_OWN_CODE);
    expect(await kit.coin(me.user.uid)).toBe(0);
  });

  it('refuses a second code (60006): one inviter per invitee', async () => {
    const [a, b, me] = [await kit.user(), await kit.user(), await kit.user()];
    expect(envelope(await enter(me.token, await codeOf(a))).code).toBe(200);
    expect(envelope(await enter(me.token, await codeOf(b))).code).toBe(Code.INVITE_ALREADY_INVITED);
    expect(envelope(await enter(me.token, await codeOf(a))).code).toBe(Code.INVITE_ALREADY_INVITED);
    expect(await kit.coin(me.user.uid)).toBe(20);
  });

  it('accepts a code until 3 days after registering, refuses it after (60003)', async () => {
    kit.clock.set('2026-12-01T10:00:00Z');
    const inviter = await kit.user();
    const late = await kit.user();
    const justInTime = await kit.user();
    const code = await codeOf(inviter);
    kit.clock.set('2026-12-04T09:59:59Z');
    expect(envelope(await enter(justInTime.token, code)).code).toBe(200);
    kit.clock.set('2026-12-04T10:00:00Z');
    expect(await overview(late.token)).toMatchObject({ can_enter_code: false });
    expect(envelope(await enter(late.token, code)).code).toBe(Code.INVITE_WINDOW_PASSED);
    expect(await kit.coin(late.user.uid)).toBe(0);
  });

  it('refuses an invitee whose phone belonged to a deleted account (60005)', async () => {
    const inviter = await kit.user();
    const phone = newPhone();
    const first = await kit.user(phone);
    expect(envelope(await kit.call('DELETE', '/user', { token: first.token, payload: { confirm: true } })).code).toBe(200);
    const again = await kit.user(phone);
    expect(again.user.uid).not.toBe(first.user.uid);
    expect(await overview(again.token)).toMatchObject({ can_enter_code: false });
    expect(envelope(await enter(again.token, await codeOf(inviter))).code).toBe(Code.INVITE_NOT_NEW_USER);
  });

  it('counts at most 10 invites per inviter (60004 for the 11th)', async () => {
    const inviter = await kit.user();
    const code = await codeOf(inviter);
    for (let i = 0; i < 10; i += 1) {
      const invitee = await kit.user();
      expect(envelope(await enter(invitee.token, code)).code).toBe(200);
    }
    const eleventh = await kit.user();
    expect(envelope(await enter(eleventh.token, code)).code).toBe(Code.INVITE_INVITER_LIMIT);
    expect(await kit.coin(eleventh.user.uid)).toBe(0);
    expect((await overview(inviter.token)).invited_count).toBe(10);
    expect(envelope(await kit.claim(inviter.token, 'invite_friends')).data).toMatchObject({ units: 10, coins: 500 });
  });

  it('refuses a malformed code as invalid input and a visitor with 10027', async () => {
    const me = await kit.user();
    expect(envelope(await enter(me.token, 'X'.repeat(40))).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await enter(me.token, 'ABCD', { invite_code: 'x', amount: 5 })).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await kit.call('PUT', '/invite/ABCDEFGH')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('GET /invite', () => {
  it('a fresh user may enter a code until 3 days after registering', async () => {
    kit.clock.set('2026-12-10T10:00:00Z');
    const me = await kit.user();
    const view = await overview(me.token);
    expect(view).toMatchObject({
      invited_count: 0,
      earned: 0,
      records: [],
      inviter: null,
      can_enter_code: true,
      enter_code_until: '2026-12-13T10:00:00.000Z',
    });
    kit.clock.advance(3 * DAY_S);
    expect(await overview(me.token)).toMatchObject({ can_enter_code: false });
  });
});
