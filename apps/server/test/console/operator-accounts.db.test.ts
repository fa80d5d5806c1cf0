import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { pgCodeOf } from '../../src/lib/pg-errors.js';
import { OperatorAccountsService } from '../../src/services/console/operator-accounts.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** Operators' accounts end to end on the database: creation, enrolment, sign-in, sessions, audit. */
let t: TestApp;
let clock: TestClock;
let accounts: OperatorAccountsService;

beforeAll(async () => {
  t = await createTestApp();
  clock = new TestClock();
  accounts = new OperatorAccountsService({ db: t.app.database.db, clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct horse battery';
let seq = 0;
const newEmail = () => `op${(seq += 1)}@example.com`;

/** The code an authenticator app would show now for this otpauth:// URI. */
function codeFor(uri: string, at = clock.now()): string {
  return OTPAuth.URI.parse(uri).generate({ timestamp: at.getTime() });
}

/** A created and enrolled operator, its authenticator URI and recovery codes. */
async function enrolled(email = newEmail()) {
  const { enrolmentToken } = await accounts.createOperator(email, 'support');
  const { uri } = await accounts.startEnrolment(enrolmentToken);
  const recoveryCodes = await accounts.completeEnrolment(enrolmentToken, PASSWORD, codeFor(uri));
  // The enrolment used this time step's code: the next sign-in needs the next step's.
  clock.advance(30);
  return { email, uri, recoveryCodes };
}

describe('createOperator', () => {
  it('stores the lower-cased e-mail and only the hash of a 72-hour enrolment token, and refuses a duplicate', async () => {
    const created = await accounts.createOperator('  New.Op@Example.COM ', 'admin');
    expect(created.expiresAt.getTime() - clock.now().getTime()).toBe(72 * 3600 * 1000);
    const [row] = await queryRows<{ email: string; role: string; password_hash: string | null; token_hash: string }>(
      t.app.database.db,
      sql`SELECT o.email, o.role, o.password_hash, e.token_hash FROM operators o JOIN operator_enrolments e ON e.operator_id = o.id WHERE o.id = ${created.operatorId}`,
    );
    expect(row).toMatchObject({ email: 'new.op@example.com', role: 'admin', password_hash: null });
    expect(row?.token_hash).not.toContain(created.enrolmentToken);
    await expect(accounts.createOperator('new.op@example.com', 'editor')).rejects.toMatchObject({
      code: Code.OPERATOR_EMAIL_TAKEN,
    });
    await expect(accounts.createOperator('not-an-email', 'editor')).rejects.toMatchObject({ code: Code.INVALID_INPUT });
  });
});

describe('enrolment', () => {
  it('gives an otpauth URI, refuses a wrong code and a weak password, then returns 10 one-time recovery codes', async () => {
    const email = newEmail();
    const { enrolmentToken } = await accounts.createOperator(email, 'finance');
    await expect(accounts.completeEnrolment(enrolmentToken, PASSWORD, '123456')).rejects.toMatchObject({
      code: Code.OPERATOR_ENROLMENT_INVALID,
    });
    const { uri, secret } = await accounts.startEnrolment(enrolmentToken);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Cliffhanger:/);
    expect(uri).toContain(`secret=${secret}`);
    const right = codeFor(uri);
    const wrong = right === '000000' ? '000001' : '000000';
    await expect(accounts.completeEnrolment(enrolmentToken, PASSWORD, wrong)).rejects.toMatchObject({
      code: Code.SIGNIN_WRONG_CODE,
    });
    await expect(accounts.completeEnrolment(enrolmentToken, 'password123', right)).rejects.toMatchObject({
      code: Code.PASSWORD_TOO_WEAK,
    });
    await expect(accounts.completeEnrolment(enrolmentToken, 'short', right)).rejects.toMatchObject({
      code: Code.INVALID_INPUT,
    });
    const codes = await accounts.completeEnrolment(enrolmentToken, PASSWORD, right);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await queryRows<{ code_hash: string }>(
      t.app.database.db,
      sql`SELECT code_hash FROM operator_recovery_codes r JOIN operators o ON o.id = r.operator_id WHERE o.email = ${email}`,
    );
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('refuses a used token and an expired one', async () => {
    const { enrolmentToken } = await accounts.createOperator(newEmail(), 'editor');
    const { uri } = await accounts.startEnrolment(enrolmentToken);
    await accounts.completeEnrolment(enrolmentToken, PASSWORD, codeFor(uri));
    await expect(accounts.startEnrolment(enrolmentToken)).rejects.toMatchObject({
      code: Code.OPERATOR_ENROLMENT_INVALID,
    });
    await expect(accounts.completeEnrolment(enrolmentToken, PASSWORD, codeFor(uri))).rejects.toMatchObject({
      code: Code.OPERATOR_ENROLMENT_INVALID,
    });

    const late = await accounts.createOperator(newEmail(), 'editor');
    clock.advance(72 * 3600 - 1);
    const started = await accounts.startEnrolment(late.enrolmentToken);
    clock.advance(1);
    await expect(accounts.completeEnrolment(late.enrolmentToken, PASSWORD, codeFor(started.uri))).rejects.toMatchObject(
      { code: Code.OPERATOR_ENROLMENT_INVALID },
    );
    await expect(accounts.startEnrolment('no-such-token')).rejects.toMatchObject({
      code: Code.OPERATOR_ENROLMENT_INVALID,
    });
  });
});

describe('signIn', () => {
  it('signs in with the password and a TOTP code, whatever the e-mail case; the session names the operator', async () => {
    const { email, uri } = await enrolled();
    const token = await accounts.signIn(email.toUpperCase(), PASSWORD, codeFor(uri));
    expect(await accounts.sessionOf(token)).toMatchObject({ email, role: 'support' });
  });

  it('refuses a wrong password, a wrong code, a reused code and an expired code', async () => {
    const { email, uri } = await enrolled();
    const refused = { code: Code.SIGNIN_WRONG_PASSWORD };
    await expect(accounts.signIn(email, 'wrong password!', codeFor(uri))).rejects.toMatchObject(refused);
    const now = codeFor(uri);
    await expect(accounts.signIn(email, PASSWORD, now === '000000' ? '000001' : '000000')).rejects.toMatchObject(
      refused,
    );
    await accounts.signIn(email, PASSWORD, now);
    await expect(accounts.signIn(email, PASSWORD, now)).rejects.toMatchObject(refused);
    // Two steps (60 s) old is outside the ±1 step window.
    clock.advance(60);
    const old = codeFor(uri, new Date(clock.now().getTime() - 60_000));
    await expect(accounts.signIn(email, PASSWORD, old)).rejects.toMatchObject(refused);
    await expect(accounts.signIn(newEmail(), PASSWORD, codeFor(uri))).rejects.toMatchObject(refused);
  });

  it('accepts each recovery code once, in any case and with or without its dash', async () => {
    const { email, recoveryCodes } = await enrolled();
    const [first = '', second = ''] = recoveryCodes;
    // A wrong password does not use the code up.
    await expect(accounts.signIn(email, 'wrong password!', first)).rejects.toMatchObject({
      code: Code.SIGNIN_WRONG_PASSWORD,
    });
    await accounts.signIn(email, PASSWORD, first);
    await expect(accounts.signIn(email, PASSWORD, first)).rejects.toMatchObject({ code: Code.SIGNIN_WRONG_PASSWORD });
    const token = await accounts.signIn(email, PASSWORD, second.replace('-', '').toLowerCase());
    expect((await accounts.sessionOf(token)).email).toBe(email);
  });

  it('locks the account for 15 minutes after 5 wrong attempts in a row, even against the right credentials', async () => {
    const { email, uri } = await enrolled();
    for (let i = 0; i < 5; i += 1) {
      await expect(accounts.signIn(email, `wrong password ${i}`, codeFor(uri))).rejects.toMatchObject({
        code: Code.SIGNIN_WRONG_PASSWORD,
      });
    }
    await expect(accounts.signIn(email, PASSWORD, codeFor(uri))).rejects.toMatchObject({
      code: Code.OPERATOR_LOCKED,
      data: { retry_after_s: 15 * 60 },
    });
    clock.advance(15 * 60 - 1);
    await expect(accounts.signIn(email, PASSWORD, codeFor(uri))).rejects.toMatchObject({
      code: Code.OPERATOR_LOCKED,
      data: { retry_after_s: 1 },
    });
    clock.advance(1);
    await accounts.signIn(email, PASSWORD, codeFor(uri));
  });

  it('counts only failures in a row: a success starts the count again', async () => {
    const { email, uri } = await enrolled();
    for (let i = 0; i < 4; i += 1) await expect(accounts.signIn(email, 'nope nope', '')).rejects.toThrow();
    await accounts.signIn(email, PASSWORD, codeFor(uri));
    clock.advance(30);
    for (let i = 0; i < 4; i += 1) await expect(accounts.signIn(email, 'nope nope', '')).rejects.toThrow();
    await accounts.signIn(email, PASSWORD, codeFor(uri));
  });
});

describe('sessions', () => {
  it('end after 30 minutes without use, sliding on each use', async () => {
    const { email, uri } = await enrolled();
    const token = await accounts.signIn(email, PASSWORD, codeFor(uri));
    clock.advance(29 * 60);
    await accounts.sessionOf(token);
    clock.advance(29 * 60);
    await accounts.sessionOf(token);
    clock.advance(30 * 60);
    await expect(accounts.sessionOf(token)).rejects.toMatchObject({ code: Code.SESSION_EXPIRED });
  });

  it('end 12 hours after sign-in however busy, and at sign-out', async () => {
    const { email, uri } = await enrolled();
    const token = await accounts.signIn(email, PASSWORD, codeFor(uri));
    // 35 uses 20 minutes apart: 11 h 40 min, never idle for 30.
    for (let i = 0; i < 35; i += 1) {
      clock.advance(20 * 60);
      await accounts.sessionOf(token);
    }
    clock.advance(19 * 60);
    expect(await accounts.sessionOf(token)).toMatchObject({ email });
    clock.advance(60);
    await expect(accounts.sessionOf(token)).rejects.toMatchObject({ code: Code.SESSION_EXPIRED });

    clock.advance(30);
    const other = await accounts.signIn(email, PASSWORD, codeFor(uri));
    await accounts.signOut(other);
    await expect(accounts.sessionOf(other)).rejects.toMatchObject({ code: Code.SESSION_EXPIRED });
  });

  it('end when the operator is disabled, who can then no longer sign in', async () => {
    const { email, uri } = await enrolled();
    const token = await accounts.signIn(email, PASSWORD, codeFor(uri));
    await t.app.database.db.execute(sql`UPDATE operators SET disabled_at = now() WHERE email = ${email}`);
    await expect(accounts.sessionOf(token)).rejects.toMatchObject({ code: Code.SESSION_REVOKED });
    await expect(accounts.sessionOf(token)).rejects.toMatchObject({ code: Code.SESSION_EXPIRED });
    clock.advance(30);
    await expect(accounts.signIn(email, PASSWORD, codeFor(uri))).rejects.toMatchObject({
      code: Code.SIGNIN_WRONG_PASSWORD,
    });
  });
});

describe('recordAudit', () => {
  it('appends an entry the database will not let anyone change or delete', async () => {
    const { email, uri } = await enrolled();
    const operator = await accounts.sessionOf(await accounts.signIn(email, PASSWORD, codeFor(uri)));
    await accounts.recordAudit(operator.id, 'drama.hide', 'drama:7', { hidden: false }, { hidden: true }, 'takedown');
    const db = t.app.database.db;
    expect(
      await queryRows(
        db,
        sql`SELECT action, target, before, after, reason FROM operator_audit_log WHERE operator_id = ${operator.id} AND action = 'drama.hide'`,
      ),
    ).toEqual([
      {
        action: 'drama.hide',
        target: 'drama:7',
        before: { hidden: false },
        after: { hidden: true },
        reason: 'takedown',
      },
    ]);
    const sqlstate = (statement: Promise<unknown>) => statement.then(() => 'succeeded', pgCodeOf);
    expect(
      await sqlstate(db.execute(sql`UPDATE operator_audit_log SET reason = '' WHERE operator_id = ${operator.id}`)),
    ).toBe('55000');
    expect(await sqlstate(db.execute(sql`DELETE FROM operator_audit_log WHERE operator_id = ${operator.id}`))).toBe(
      '55000',
    );
  });
});
