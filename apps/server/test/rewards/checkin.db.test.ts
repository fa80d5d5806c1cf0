import { Code, type CheckinResult, type TasksOverview } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { createRewardsKit, type RewardsKit } from './rewards-kit.js';

const DAY_S = 86_400;
let kit: RewardsKit;

beforeAll(async () => {
  kit = await createRewardsKit({ env: { CHECKIN_REWARDS: '10,11,12,13,14,15,30' } });
});
afterAll(async () => {
  await kit?.close();
});

const states = (result: { strip: { state: string }[] }) => result.strip.map((d) => d.state).join(',');

describe('POST /task/checkin', () => {
  it('credits the first check-in of the day, then answers 40702 with the same data', async () => {
    kit.clock.set('2026-11-21T10:00:00Z');
    const me = await kit.user();
    const firstRes = await kit.checkin(me.token);
    const first = envelope<CheckinResult>(firstRes);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ day: 1, reward: 10, balance: 10 });
    expect(states(first.data)).toBe('done,ahead,ahead,ahead,ahead,ahead,ahead');
    expect(first.data.strip.map((d) => d.reward)).toEqual([10, 11, 12, 13, 14, 15, 30]);
    expect(first.data.expires_at).toBe('2026-11-28T10:00:00.000Z');

    kit.clock.advance(3600);
    const again = await kit.checkin(me.token);
    expect(again.statusCode).toBe(200);
    expect(envelope(again)).toMatchObject({ code: Code.ALREADY_DONE_TODAY, data: first.data });
    expect(await kit.coin(me.user.uid)).toBe(10);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${me.user.uid} AND kind = 'checkin_reward'`),
    ).toBe(1);
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${me.user.uid} AND idempotency_key = 'checkin:2026-11-21'`),
    ).toBe(1);
  });

  it('advances day by day, wraps after day 7 and restarts at day 1 after a missed day', async () => {
    kit.clock.set('2026-12-01T08:00:00Z');
    const me = await kit.user();
    const days: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      days.push(envelope<CheckinResult>(await kit.checkin(me.token)).data.day);
      kit.clock.advance(DAY_S);
    }
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2]);
    // 2026-12-10 is skipped: the check-in of the 11th restarts the cycle.
    kit.clock.advance(DAY_S);
    const restarted = envelope<CheckinResult>(await kit.checkin(me.token));
    expect(restarted.data).toMatchObject({ day: 1, reward: 10 });
    expect(states(restarted.data)).toBe('done,ahead,ahead,ahead,ahead,ahead,ahead');
  });

  it('the 7th day pays its own amount and the strip shows the whole cycle done', async () => {
    kit.clock.set('2027-01-01T12:00:00Z');
    const me = await kit.user();
    let last: CheckinResult | undefined;
    for (let i = 0; i < 7; i += 1) {
      last = envelope<CheckinResult>(await kit.checkin(me.token)).data;
      kit.clock.advance(DAY_S);
    }
    expect(last).toMatchObject({ day: 7, reward: 30, balance: 10 + 11 + 12 + 13 + 14 + 15 + 30 });
    expect(states(last!)).toBe('done,done,done,done,done,done,done');
    // The next day's overview: a new cycle, day 1 is today.
    const view = envelope<TasksOverview>(await kit.overview(me.token)).data;
    expect(view.checkin).toMatchObject({ day: 1, checked_in_today: false });
    expect(states(view.checkin)).toBe('today,ahead,ahead,ahead,ahead,ahead,ahead');
  });

  it('a new day starts at midnight of the configured time zone, not at UTC midnight', async () => {
    // UTC (this kit): 23:59 and 00:01 UTC are two days.
    kit.clock.set('2027-02-01T23:59:00Z');
    const me = await kit.user();
    expect(envelope(await kit.checkin(me.token)).code).toBe(200);
    kit.clock.set('2027-02-02T00:01:00Z');
    expect(envelope<CheckinResult>(await kit.checkin(me.token)).data).toMatchObject({ day: 2 });
  });

  it('check-in coins expire 7 days after claiming: balance drops with a coin_expiry entry', async () => {
    kit.clock.set('2027-03-01T09:00:00Z');
    const me = await kit.user();
    await kit.checkin(me.token);
    kit.clock.set('2027-03-08T08:59:59Z');
    expect(envelope(await kit.call('GET', '/wallet', { token: me.token })).data.balance).toBe(10);
    kit.clock.set('2027-03-08T09:00:00Z');
    const wallet = envelope(await kit.call('GET', '/wallet', { token: me.token })).data;
    expect(wallet.balance).toBe(0);
    expect(wallet.list[0]).toMatchObject({ kind: 'coin_expiry', amount: -10 });
  });

  it('ignores no body field: a client-sent date or amount is refused (10001) and credits nothing', async () => {
    kit.clock.set('2027-04-01T09:00:00Z');
    const me = await kit.user();
    for (const payload of [{ date: '2027-03-31' }, { amount: 1000 }, { day: 7 }]) {
      const res = await kit.checkin(me.token, payload);
      expect(envelope(res).code).toBe(Code.INVALID_INPUT);
    }
    expect(await kit.coin(me.user.uid)).toBe(0);
    expect(envelope(await kit.checkin(me.token, {})).data).toMatchObject({ day: 1, reward: 10 });
  });

  it('refuses visitors with 10027', async () => {
    expect(envelope(await kit.call('POST', '/task/checkin')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('check-in in another time zone', () => {
  let ist: RewardsKit;
  beforeAll(async () => {
    ist = await createRewardsKit({ env: { REWARDS_TIME_ZONE: 'Europe/Istanbul' } });
  });
  afterAll(async () => {
    await ist?.close();
  });

  it('counts days in Istanbul (UTC+3): 20:59Z and 21:01Z are two days, 21:01Z and 20:00Z the next day one', async () => {
    ist.clock.set('2026-11-21T20:59:00Z');
    const me = await ist.user();
    expect(envelope<CheckinResult>(await ist.checkin(me.token)).data.day).toBe(1);
    ist.clock.set('2026-11-21T21:01:00Z'); // 00:01 on the 22nd in Istanbul
    expect(envelope<CheckinResult>(await ist.checkin(me.token))).toMatchObject({ code: 200, data: { day: 2 } });
    ist.clock.set('2026-11-22T20:00:00Z'); // 23:00 on the 22nd in Istanbul
    expect(envelope(await ist.checkin(me.token)).code).toBe(Code.ALREADY_DONE_TODAY);
    expect(
      await ist.scalar(sql`SELECT count(*) FROM checkins WHERE user_id = ${me.user.uid} AND local_date = '2026-11-22'`),
    ).toBe(1);
    expect(envelope<TasksOverview>(await ist.overview(me.token)).data.today).toBe('2026-11-22');
  });
});
