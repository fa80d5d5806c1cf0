import { Code } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, CONSOLE_REQUEST_HEADER } from '@cliffhanger/contract/console';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_COOKIE } from '../../src/http/console-session-cookie.js';
import { consoleHeaders, OPERATOR_PASSWORD, signedInOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** The console's sign-in over HTTP: enrolment, the session cookie, the CSRF header, sign-out. */
let t: TestApp;
const clock = new TestClock();
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;
const WRITE = { [CONSOLE_REQUEST_HEADER]: '1' };

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

describe('enrolment over HTTP', () => {
  it('opens the link with a QR URI, refuses a wrong code, then completes with ten recovery codes once', async () => {
    const { enrolmentToken } = await t.app.services.console.operators.createOperator('enrol@example.com', 'editor');
    const start = await t.app.inject({ method: 'POST', url: url('/auth/enrolment/start'), headers: WRITE, payload: { token: enrolmentToken } });
    expect(start.statusCode).toBe(200);
    const { uri, email } = start.json().data as { uri: string; email: string };
    expect(email).toBe('enrol@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Cliffhanger:enrol%40example\.com\?/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: url('/auth/enrolment/complete'),
      headers: WRITE,
      payload: { token: enrolmentToken, password: OPERATOR_PASSWORD, code: '000000' },
    });
    expect(wrong.json().code).toBe(Code.SIGNIN_WRONG_CODE);

    const code = OTPAuth.URI.parse(uri).generate({ timestamp: clock.now().getTime() });
    const done = await t.app.inject({
      method: 'POST',
      url: url('/auth/enrolment/complete'),
      headers: WRITE,
      payload: { token: enrolmentToken, password: OPERATOR_PASSWORD, code },
    });
    expect(done.statusCode).toBe(200);
    expect((done.json().data as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);

    const again = await t.app.inject({ method: 'POST', url: url('/auth/enrolment/start'), headers: WRITE, payload: { token: enrolmentToken } });
    expect(again.json().code).toBe(Code.OPERATOR_ENROLMENT_INVALID);
  });

  it('refuses malformed bodies with the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url('/auth/enrolment/complete'),
      headers: WRITE,
      payload: { token: 'x', password: OPERATOR_PASSWORD, code: '12ab56' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(Code.INVALID_INPUT);
  });
});

describe('sign-in and the session cookie', () => {
  it('sets an HttpOnly, SameSite=Strict cookie scoped to /console, answers /me, and ends at sign-out', async () => {
    const operator = await signedInOperator(t.app, clock, 'support');
    const me = await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie: operator.cookie } });
    expect(me.json()).toMatchObject({ code: Code.OK, data: { id: operator.id, email: operator.email, role: 'support' } });

    const signIn = await t.app.inject({
      method: 'POST',
      url: url('/auth/sign-in'),
      headers: WRITE,
      payload: { email: operator.email, password: OPERATOR_PASSWORD, code: operator.freshCode() },
    });
    const cookie = signIn.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE);
    expect(cookie).toMatchObject({ path: '/console', httpOnly: true, sameSite: 'Strict', maxAge: 43200 });

    const out = await t.app.inject({ method: 'POST', url: url('/auth/sign-out'), headers: consoleHeaders(operator) });
    expect(out.json().code).toBe(Code.OK);
    expect(out.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE)?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie: operator.cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(Code.SESSION_EXPIRED);
  });

  it('answers a wrong password, a reused code and a wrong code alike, and locks after five in a row', async () => {
    const operator = await signedInOperator(t.app, clock, 'finance');
    const attempt = (password: string, code: string) =>
      t.app.inject({ method: 'POST', url: url('/auth/sign-in'), headers: WRITE, payload: { email: operator.email, password, code } });
    const code = operator.freshCode();
    expect((await attempt(OPERATOR_PASSWORD, code)).json().code).toBe(Code.OK);
    // The same code again: replay.
    expect((await attempt(OPERATOR_PASSWORD, code)).json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    expect((await attempt('wrong password!', operator.freshCode())).json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    expect((await attempt(OPERATOR_PASSWORD, '123456')).json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    for (let i = 0; i < 2; i += 1) await attempt(OPERATOR_PASSWORD, '123456');
    const locked = await attempt(OPERATOR_PASSWORD, operator.freshCode());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: Code.OPERATOR_LOCKED, data: { retry_after_s: expect.any(Number) } });
  });

  it('refuses a session past 30 idle minutes with 20003', async () => {
    const operator = await signedInOperator(t.app, clock, 'editor');
    clock.advance(31 * 60);
    const me = await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie: operator.cookie } });
    expect(me.json().code).toBe(Code.SESSION_EXPIRED);
  });
});

describe('the guard', () => {
  it('refuses a write without the console request header before anything else (CSRF)', async () => {
    const operator = await signedInOperator(t.app, clock, 'admin');
    const response = await t.app.inject({ method: 'POST', url: url('/auth/sign-out'), headers: { cookie: operator.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(Code.CONSOLE_REQUEST_HEADER_MISSING);
    // The session survived the refused write.
    const me = await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie: operator.cookie } });
    expect(me.json().code).toBe(Code.OK);
  });

  it('refuses a signed-in route without a cookie or with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: url('/me') });
    expect(none.json().code).toBe(Code.NOT_SIGNED_IN);
    const forged = await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie: `${CONSOLE_SESSION_COOKIE}=forged` } });
    expect(forged.json().code).toBe(Code.SESSION_EXPIRED);
  });

  it('answers an unknown console API path with the 404 envelope, not a page', async () => {
    const response = await t.app.inject({ method: 'GET', url: url('/nope'), headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(Code.NOT_FOUND);
  });
});
