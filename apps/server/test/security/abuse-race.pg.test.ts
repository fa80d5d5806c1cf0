import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { SmsCodesRepository } from '../../src/repositories/sms-codes.repository.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, sendCode, smsLogin } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Abuse races on real PostgreSQL: what an outside probe did with parallel requests. PGlite runs
 * one statement at a time and would prove nothing, so this suite runs only in server-pg.
 */
const PARALLEL = 15;
const sms = new RecordingSmsSender();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, env: { SMS_PHONE_HOURLY_CAP: '1000', SMS_IP_HOURLY_CAP: '1000' } });
});
afterAll(async () => {
  await t?.close();
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
