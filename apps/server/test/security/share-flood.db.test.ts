import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARES_PER_DAY, SHARES_PER_MINUTE } from '../../src/services/rewards/shares.service.js';
import { envelope } from '../helpers/accounts.js';
import { createRewardsKit, type RewardsKit } from '../rewards/rewards-kit.js';

/** Share events: bounded per minute and per day; the share task still pays once a day. */
let kit: RewardsKit;

beforeAll(async () => {
  kit = await createRewardsKit();
});
afterAll(async () => {
  await kit?.close();
});

const share = (token: string) => kit.call('POST', '/task/share', { token, payload: { channel: 'copy_link' } });

describe('share flood', () => {
  it(`records ${SHARES_PER_MINUTE} shares a minute, then 10003 with retry_after_s; the reward stays 20 once`, async () => {
    kit.clock.set('2026-11-21T10:00:00Z');
    const me = await kit.user();
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) codes.push(envelope(await share(me.token)).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(SHARES_PER_MINUTE);
    const refused = envelope(await share(me.token));
    expect(refused).toMatchObject({ code: Code.TOO_MANY_REQUESTS, data: { retry_after_s: expect.any(Number) } });
    expect(await kit.scalar(sql`SELECT count(*) FROM share_events WHERE user_id = ${me.user.uid}`)).toBe(SHARES_PER_MINUTE);

    expect(envelope(await kit.claim(me.token, 'share_app')).data).toMatchObject({ coins: 20 });
    expect(envelope(await kit.claim(me.token, 'share_app')).code).toBe(Code.ALREADY_OWNED);
  });

  it(`stops at ${SHARES_PER_DAY} a day even when spread over minutes`, async () => {
    kit.clock.set('2026-11-22T08:00:00Z');
    const me = await kit.user();
    let recorded = 0;
    for (let minute = 0; minute < 8; minute += 1) {
      for (let i = 0; i < SHARES_PER_MINUTE; i += 1) if (envelope(await share(me.token)).code === 200) recorded += 1;
      kit.clock.advance(61);
    }
    expect(recorded).toBe(SHARES_PER_DAY);
    kit.clock.set('2026-11-23T00:00:01Z');
    expect(envelope(await share(me.token)).code).toBe(200);
  });
});
