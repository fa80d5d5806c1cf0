import { Code } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, CONSOLE_REQUEST_HEADER } from '@cliffhanger/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { CONSOLE_SESSION_COOKIE } from '../../src/http/console-session-cookie.js';
import {
  consolePost,
  OPERATOR_PASSWORD,
  signedInOperator,
  signInAgain,
  type ConsoleOperator,
} from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** What an operator does to their own account: password, recovery codes, signing out everywhere. */
let t: TestApp;
const clock = new TestClock();
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;
const NEW_PASSWORD = 'a brand new passphrase';

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const post = (cookie: string, path: string, payload: object, totp?: string) =>
  consolePost(t.app, { cookie }, path, payload, totp);

const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie } })).json().code as number;

const signIn = (op: ConsoleOperator, password: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: url('/auth/sign-in'),
    headers: { [CONSOLE_REQUEST_HEADER]: '1' },
    payload: { email: op.email, password, code },
  });

async function actions(operatorId: number): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    t.app.database.db,
    sql`select action from operator_audit_log where operator_id = ${operatorId} order by id`,
  );
  return rows.map((row) => row.action);
}

describe('changing one’s own password', () => {
  it('needs a fresh code and the current password, keeps this session and ends the others', async () => {
    const op = await signedInOperator(t.app, clock, 'support');
    const other = await signInAgain(t.app, op);
    const body = { current_password: OPERATOR_PASSWORD, new_password: NEW_PASSWORD };

    expect((await post(op.cookie, '/me/password', body)).json().code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    const wrong = await post(
      op.cookie,
      '/me/password',
      { ...body, current_password: 'not my password' },
      op.freshCode(),
    );
    expect(wrong.json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    const weak = await post(op.cookie, '/me/password', { ...body, new_password: 'password' }, op.freshCode());
    expect(weak.json().code).toBe(Code.PASSWORD_TOO_WEAK);
    const short = await post(op.cookie, '/me/password', { ...body, new_password: 'abc' }, op.freshCode());
    expect(short.json().code).toBe(Code.INVALID_INPUT);
    // Nothing changed so far: the old password still signs in.
    expect(await me(other)).toBe(Code.OK);

    const done = await post(op.cookie, '/me/password', body, op.freshCode());
    expect(done.json()).toMatchObject({ code: Code.OK, data: null });
    expect(await me(op.cookie)).toBe(Code.OK);
    expect(await me(other)).toBe(Code.SESSION_EXPIRED);
    expect((await signIn(op, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    expect((await signIn(op, NEW_PASSWORD, op.freshCode())).json().code).toBe(Code.OK);
    expect((await actions(op.id)).filter((action) => action === 'operator.password')).toHaveLength(1);
  });

  it('wants a new code for each attempt: a code used once is refused (80005), so guesses are one per 30 s', async () => {
    const op = await signedInOperator(t.app, clock, 'editor');
    const code = op.freshCode();
    const body = { current_password: 'a wrong guess', new_password: NEW_PASSWORD };
    expect((await post(op.cookie, '/me/password', body, code)).json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    const again = await post(op.cookie, '/me/password', { ...body, current_password: OPERATOR_PASSWORD }, code);
    expect(again.json().code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    expect((await signIn(op, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(Code.OK);
  });
});

describe('recovery codes', () => {
  it('answers ten new codes after a fresh code; they sign in and the old ones do not', async () => {
    const op = await signedInOperator(t.app, clock, 'finance');
    expect((await post(op.cookie, '/me/recovery-codes', {})).json().code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    const first = await post(op.cookie, '/me/recovery-codes', {}, op.freshCode());
    const old = (first.json().data as { recovery_codes: string[] }).recovery_codes;
    const second = await post(op.cookie, '/me/recovery-codes', {}, op.freshCode());
    const codes = (second.json().data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set([...old, ...codes]).size).toBe(20);
    expect((await signIn(op, OPERATOR_PASSWORD, old[0] ?? '')).json().code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    expect((await signIn(op, OPERATOR_PASSWORD, codes[0] ?? '')).json().code).toBe(Code.OK);
    expect((await actions(op.id)).filter((action) => action === 'operator.recovery_codes')).toHaveLength(2);
  });
});

describe('signing out everywhere', () => {
  it('ends every session of the operator, this one included, and clears the cookie', async () => {
    const op = await signedInOperator(t.app, clock, 'editor');
    const other = await signInAgain(t.app, op);
    const bystander = await signedInOperator(t.app, clock, 'editor');
    const response = await post(op.cookie, '/me/sign-out-everywhere', {});
    expect(response.json()).toMatchObject({ code: Code.OK, data: null });
    expect(response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE)?.value).toBe('');
    expect(await me(op.cookie)).toBe(Code.SESSION_EXPIRED);
    expect(await me(other)).toBe(Code.SESSION_EXPIRED);
    expect(await me(bystander.cookie)).toBe(Code.OK);
    expect(await actions(op.id)).toContain('operator.sign_out_everywhere');
  });
});
