import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
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

const getUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: token } });
const putUser = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user', headers: { authorization: token }, payload });

describe('GET /user', () => {
  it('answers the contract UserInfo of the signed-in user', async () => {
    const session = await signIn({ app: t.app, sms }, '+905321230077');
    const res = await getUser(session.token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({
      uid: session.user.uid,
      avatar: '',
      nickname: session.user.nickname,
      username: null,
      coin: 0,
      vip: { active: false, expires_at: null },
      invite_code: session.user.invite_code,
      phone_masked: '+90 ••••••0077',
      has_password: false,
      created_at: session.user.created_at,
    });
  });

  it('reports VIP as active until vip_expires_at, by the server clock', async () => {
    const session = await signIn({ app: t.app, sms });
    const until = new Date(clock.now().getTime() + 3600_000);
    await t.app.database.db.execute(
      sql`update users set vip_expires_at = ${until.toISOString()} where id = ${session.user.uid}`,
    );
    expect(envelope(await getUser(session.token)).data.vip).toEqual({ active: true, expires_at: until.toISOString() });
    clock.advance(3600);
    expect(envelope(await getUser(session.refresh_token)).data.vip).toEqual({
      active: false,
      expires_at: until.toISOString(),
    });
  });

  it('answers 10027 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('PUT /user', () => {
  it('updates nickname (trimmed) and username (lowercased) and answers the new UserInfo', async () => {
    const session = await signIn({ app: t.app, sms });
    const res = await putUser(session.token, { nickname: '  Ada Lovelace  ', username: 'Ada_1815' });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toMatchObject({ uid: session.user.uid, nickname: 'Ada Lovelace', username: 'ada_1815' });
    expect(envelope(await getUser(session.token)).data).toMatchObject({
      nickname: 'Ada Lovelace',
      username: 'ada_1815',
    });
  });

  it('accepts a nickname of exactly 20 characters, including non-latin ones', async () => {
    const session = await signIn({ app: t.app, sms });
    const nickname = 'Şükrü Çağlar Ğüzelöz'; // 20 characters
    expect(nickname.length).toBe(20);
    expect(envelope(await putUser(session.token, { nickname })).data.nickname).toBe(nickname);
  });

  it('answers 10008 (HTTP 409) for a username another user has, in any case, and changes nothing', async () => {
    const first = await signIn({ app: t.app, sms });
    const second = await signIn({ app: t.app, sms });
    expect(envelope(await putUser(first.token, { username: 'taken_name' })).code).toBe(200);
    for (const username of ['taken_name', 'Taken_Name']) {
      const res = await putUser(second.token, { username, nickname: 'Changed' });
      expect(res.statusCode).toBe(409);
      expect(envelope(res)).toMatchObject({
        code: Code.USERNAME_TAKEN,
        data: { fields: [{ field: 'body.username' }] },
      });
    }
    expect(envelope(await getUser(second.token)).data).toMatchObject({
      username: null,
      nickname: second.user.nickname,
    });
    // Keeping one's own username is not a conflict.
    expect(envelope(await putUser(first.token, { username: 'taken_name' })).code).toBe(200);
  });

  it('lets exactly one of two users racing for a username have it', async () => {
    const a = await signIn({ app: t.app, sms });
    const b = await signIn({ app: t.app, sms });
    const answers = await Promise.all([
      putUser(a.token, { username: 'race_name' }),
      putUser(b.token, { username: 'race_name' }),
    ]);
    expect(answers.map((res) => envelope(res).code).sort((a, b) => a - b)).toEqual([200, Code.USERNAME_TAKEN]);
  });

  it.each([
    [{ nickname: 'x'.repeat(21) }, 'body.nickname'],
    [{ nickname: 'x'.repeat(141) }, 'body.nickname'],
    [{ nickname: '    ' }, 'body.nickname'],
    [{ nickname: 'tab\there' }, 'body.nickname'],
    [{ username: 'ab' }, 'body.username'],
    [{ username: 'a'.repeat(21) }, 'body.username'],
    [{ username: 'a'.repeat(141) }, 'body.username'],
    [{ username: '1abc' }, 'body.username'],
    [{ username: 'ab-cd' }, 'body.username'],
    [{ username: 'çağlar' }, 'body.username'],
    [{ avatar: 'a'.repeat(141) }, 'body.avatar'],
    [{}, 'body'],
  ])('refuses %j with 10001 naming %s and changes nothing', async (payload, field) => {
    const session = await signIn({ app: t.app, sms });
    const res = await putUser(session.token, payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field }] } });
    expect(envelope(await getUser(session.token)).data).toEqual(session.user);
  });

  it.each([
    ['avatars/0b9d6a34-8f0e-4c55-9d3b-2b9f0e5c1a77.webp'],
    ['https://example.com/me.png'],
    ['../../secret.key'],
  ])('refuses the avatar %j that this user did not upload with 10001 naming body.avatar', async (avatar) => {
    const session = await signIn({ app: t.app, sms });
    const res = await putUser(session.token, { avatar, nickname: 'Not Applied' });
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.avatar' }] } });
    const [row] = await queryRows<{ avatar: string; nickname: string }>(
      t.app.database.db,
      sql`select avatar, nickname from users where id = ${session.user.uid}`,
    );
    expect(row).toEqual({ avatar: '', nickname: session.user.nickname });
  });

  it('answers 10027 to a visitor', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/user', payload: { nickname: 'x' } });
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});
