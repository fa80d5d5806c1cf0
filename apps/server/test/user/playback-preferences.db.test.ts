import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

const getPlayback = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/user/playback',
    headers: token ? { authorization: token } : {},
  });
const putPlayback = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/playback',
    headers: token ? { authorization: token } : {},
    payload: payload as Record<string, unknown>,
  });

describe('GET /user/playback', () => {
  it('answers normal speed for a viewer who never chose', async () => {
    const session = await signIn({ app: t.app, sms });
    const res = await getPlayback(session.token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ playback_rate: 1 });
  });

  it('answers 10027 to a visitor', async () => {
    const res = await getPlayback();
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('PUT /user/playback', () => {
  it.each([0.75, 1, 1.25, 1.5, 2])('keeps %s× for the viewer, read back from any session', async (rate) => {
    const session = await signIn({ app: t.app, sms });
    const put = await putPlayback(session.token, { playback_rate: rate });
    expect(put.statusCode).toBe(200);
    expect(envelope(put).data).toEqual({ playback_rate: rate });
    expect(envelope(await getPlayback(session.token)).data).toEqual({ playback_rate: rate });
  });

  it('follows the viewer to another device (a second sign-in) and not to other viewers', async () => {
    const phone = '+905321230188';
    const first = await signIn({ app: t.app, sms }, phone);
    await putPlayback(first.token, { playback_rate: 1.5 });
    // Past the resend wait, the same phone signs in again: another device, another session.
    clock.advance(61);
    const second = await signIn({ app: t.app, sms }, phone);
    expect(second.token).not.toBe(first.token);
    expect(envelope(await getPlayback(second.token)).data).toEqual({ playback_rate: 1.5 });
    const other = await signIn({ app: t.app, sms });
    expect(envelope(await getPlayback(other.token)).data).toEqual({ playback_rate: 1 });
  });

  it.each([
    [{ playback_rate: 3 }],
    [{ playback_rate: 0.5 }],
    [{ playback_rate: '1.5' }],
    [{ playback_rate: 1.1 }],
    [{}],
  ])('refuses %j with 10001 and keeps the stored speed', async (payload) => {
    const session = await signIn({ app: t.app, sms });
    await putPlayback(session.token, { playback_rate: 1.25 });
    const res = await putPlayback(session.token, payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await getPlayback(session.token)).data).toEqual({ playback_rate: 1.25 });
  });

  it('answers 10027 to a visitor', async () => {
    const res = await putPlayback(undefined, { playback_rate: 1.5 });
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });

  it('is held to the player speeds by the table too', async () => {
    const session = await signIn({ app: t.app, sms });
    await expect(
      t.app.database.db.execute(sql`update users set playback_rate_pct = 110 where id = ${session.user.uid}`),
    ).rejects.toThrow();
  });
});
