import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { SmsCodesRepository } from '../../src/repositories/sms-codes.repository.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, sendCode, smsLogin } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createRewardsKit, type RewardsKit } from '../rewards/rewards-kit.js';

/**
 * Abuse races on real PostgreSQL: what an outside probe did with parallel requests. PGlite runs
 * one statement at a time and would prove nothing, so this suite runs only in server-pg.
 */
const PARALLEL = 15;
const sms = new RecordingSmsSender();
let t: TestApp;
let kit: RewardsKit;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, env: { SMS_PHONE_HOURLY_CAP: '1000', SMS_IP_HOURLY_CAP: '1000' } });
  kit = await createRewardsKit({ env: { WATCH_VIDEO_DAILY_CAP: '10' } });
});
afterAll(async () => {
  await t?.close();
  await kit?.close();
});

async function codeRows(phone: string) {
  return queryRows<{ consumed_at: Date | null }>(t.app.database.db, sql`select consumed_at from sms_codes where phone = ${phone}`);
}

describe('SMS sends in parallel', () => {
  it(`${PARALLEL} simultaneous sends for one phone: one SMS, one live code, the rest 70006`, async () => {
    const phone = newPhone();
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => sendCode(t.app, phone)));
    const codes = results.map((res) => envelope(res).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.SIGNIN_RESEND_TOO_EARLY)).toHaveLength(PARALLEL - 1);
    expect(sms.sent.filter((m) => m.to === phone)).toHaveLength(1);
    expect(await codeRows(phone)).toHaveLength(1);

    // Five wrong tries in parallel, then the right code: refused (the tries are the phone's).
    const right = sms.lastCodeFor(phone);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await Promise.all(Array.from({ length: 5 }, () => smsLogin(t.app, phone, wrong)));
    expect(envelope(await smsLogin(t.app, phone, right)).code).toBe(Code.SIGNIN_CODE_EXPIRED);
  });

  it('POSITIVE CONTROL: the unlocked check-then-insert leaves several live codes', async () => {
    const phone = newPhone();
    const repo = new SmsCodesRepository(t.app.database.db);
    const now = new Date();
    await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const last = await repo.lastSentAt(phone);
        if (last) return;
        await repo.insert({ phone, codeHash: `x${i}`, expiresAt: new Date(now.getTime() + 600_000), createdAt: now });
      }),
    );
    expect((await codeRows(phone)).length).toBeGreaterThan(1);
  });
});

describe('reward farming in parallel', () => {
  it('five rewarded ads fetched at once leave one live token; claimed at once before the end, none pays', async () => {
    const me = await kit.user();
    await seedDrama(kit.t.app, { freeEpisodes: 1 });
    const served = await Promise.all(
      Array.from({ length: 5 }, () => kit.call('GET', '/ads/next?kind=rewarded', { token: me.token })),
    );
    const tokens = served.map((res) => envelope(res).data.ad.token as string);
    const live = await kit.scalar(
      sql`SELECT count(*) FROM ad_reward_tokens WHERE user_id = ${me.user.uid} AND used_at IS NULL AND expires_at > ${kit.clock.now()}`,
    );
    expect(live).toBe(1);
    const early = await Promise.all(tokens.map((token) => kit.call('POST', '/ads/reward', { token: me.token, payload: { token } })));
    expect(early.map((res) => envelope(res).code).filter((c) => c === 200)).toHaveLength(0);
    kit.clock.advance(60);
    const late = await Promise.all(tokens.map((token) => kit.call('POST', '/ads/reward', { token: me.token, payload: { token } })));
    expect(late.map((res) => envelope(res).code).filter((c) => c === 200)).toHaveLength(1);
    expect(await kit.coin(me.user.uid)).toBe(10);
  });

  it('ten episodes played at once and reported in parallel 6.5 s later count one video', async () => {
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app, { episodes: 10, freeEpisodes: 10 });
    await Promise.all(episodes.map((e) => kit.call('GET', `/episodes/${e.id}/play`, { token: me.token })));
    kit.clock.advance(6.5);
    const saved = await Promise.all(
      episodes.map((e) => kit.call('PUT', '/history', { token: me.token, payload: { episode_id: e.id, position_s: 6 } })),
    );
    expect(saved.every((res) => envelope(res).code === 200)).toBe(true);
    expect(await kit.scalar(sql`SELECT count(*) FROM watched_videos WHERE user_id = ${me.user.uid}`)).toBe(1);
  });

  it('POSITIVE CONTROL: the unlocked check-then-insert counts several parallel reports', async () => {
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app, { episodes: 10, freeEpisodes: 10 });
    const db = kit.t.app.database.db;
    const at = kit.clock.now();
    await Promise.all(
      episodes.map(async (e) => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM watched_videos WHERE user_id = ${me.user.uid}`,
        );
        if ((row?.n ?? 0) > 0) return;
        await db.execute(
          sql`INSERT INTO watched_videos (user_id, local_date, episode_id, created_at) VALUES (${me.user.uid}, '2026-11-21', ${e.id}, ${at})`,
        );
      }),
    );
    expect(await kit.scalar(sql`SELECT count(*) FROM watched_videos WHERE user_id = ${me.user.uid}`)).toBeGreaterThan(1);
  });
});

describe('invites in parallel', () => {
  it('two accounts entering each other\'s codes at the same moment: one invite, the other 60007', async () => {
    const a = await kit.user();
    const b = await kit.user();
    const codeOf = async (uid: number) =>
      (await queryRows<{ code: string }>(kit.t.app.database.db, sql`SELECT invite_code AS code FROM users WHERE id = ${uid}`))[0]!.code;
    const [codeA, codeB] = [await codeOf(a.user.uid), await codeOf(b.user.uid)];
    const results = await Promise.all([
      kit.call('PUT', `/invite/${codeB}`, { token: a.token }),
      kit.call('PUT', `/invite/${codeA}`, { token: b.token }),
    ]);
    expect(results.map((res) => envelope(res).code).sort()).toEqual([200, Code.INVITE_RECIPROCAL]);
    expect(await kit.scalar(sql`SELECT count(*) FROM invites WHERE invitee_id IN (${a.user.uid}, ${b.user.uid})`)).toBe(1);
  });
});

describe('token refresh in parallel', () => {
  it('ten simultaneous refreshes with one token all get the same rotated pair; the session lives', async () => {
    const me = await kit.user();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => kit.call('POST', '/auth/refresh', { payload: { refresh_token: me.refresh_token } })),
    );
    expect(answers.map((res) => envelope(res).code)).toEqual(Array<number>(10).fill(200));
    expect(new Set(answers.map((res) => envelope(res).data.refresh_token as string)).size).toBe(1);
    const token = envelope(answers[0]!).data.token as string;
    expect(envelope(await kit.call('GET', '/user', { token })).code).toBe(200);
  });
});
