import { Code } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_REQUEST_HEADER,
  type EnrolmentLink,
  type OperatorAccount,
} from '@cliffhanger/contract/console';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows } from '../../src/db/query-rows.js';
import { OperatorsRepository } from '../../src/repositories/operators.repository.js';
import {
  consoleHeaders,
  consolePost,
  OPERATOR_PASSWORD,
  signedInOperator,
  signInAgain,
  type ConsoleOperator,
} from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** Admins managing operators over HTTP: invite, role, disable/enable, reset, unlock, and the audit of each. */
let t: TestApp;
const clock = new TestClock();
const url = (path: string) => `${CONSOLE_API_PREFIX}${path}`;
let admin: ConsoleOperator;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await signedInOperator(t.app, clock, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const post = (by: ConsoleOperator, path: string, payload: object, totp?: string) =>
  consolePost(t.app, by, path, payload, totp);

async function listed(id: number): Promise<OperatorAccount | undefined> {
  const response = await t.app.inject({ method: 'GET', url: url('/operators'), headers: consoleHeaders(admin) });
  expect(response.json().code).toBe(Code.OK);
  return (response.json().data.list as OperatorAccount[]).find((operator) => operator.id === id);
}

type AuditRow = {
  operator_id: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
};

async function auditOf(target: string): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    t.app.database.db,
    sql`select operator_id::int, action, target, before, after, reason from operator_audit_log where target = ${target} order by id`,
  );
}

async function auditCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.database.db,
    sql`select count(*)::int as n from operator_audit_log`,
  );
  return row?.n ?? 0;
}

async function activeAdmins(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.app.database.db,
    sql`select id::int from operators where role = 'admin' and disabled_at is null and enrolled_at is not null order by id`,
  );
  return rows.map((row) => row.id);
}

/** Only these admins stay active: every other is disabled (by the first of them). */
async function onlyAdmins(...keep: ConsoleOperator[]): Promise<void> {
  const [by] = keep;
  if (!by) throw new Error('keep at least one admin');
  for (const id of await activeAdmins()) {
    if (!keep.some((op) => op.id === id)) await t.app.services.console.operatorAdmin.disable(id, { operatorId: by.id });
  }
  expect(await activeAdmins()).toEqual(keep.map((op) => op.id).sort((x, y) => x - y));
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => Code.OK,
    (error: { code?: number }) => error.code,
  );

async function me(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie } })).json().code as number;
}

const signInCode = (email: string, password: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: url('/auth/sign-in'),
    headers: { [CONSOLE_REQUEST_HEADER]: '1' },
    payload: { email, password, code },
  });

/** Opens an enrolment link as the invited person would and completes it; the authenticator's URI. */
async function enrolThrough(link: string): Promise<OTPAuth.TOTP | OTPAuth.HOTP> {
  const token = new URL(link).searchParams.get('token') ?? '';
  const start = await post(admin, '/auth/enrolment/start', { token });
  expect(start.json().code).toBe(Code.OK);
  const totp = OTPAuth.URI.parse(start.json().data.uri as string);
  const done = await post(admin, '/auth/enrolment/complete', {
    token,
    password: OPERATOR_PASSWORD,
    code: totp.generate({ timestamp: clock.now().getTime() }),
  });
  expect(done.json().code).toBe(Code.OK);
  return totp;
}

describe('listing and inviting', () => {
  it('invites with a one-time link the person can enrol with, and lists them as invited, then enrolled', async () => {
    const response = await post(admin, '/operators', {
      email: 'New.Editor@Example.com',
      role: 'editor',
      reason: 'joins the team',
    });
    expect(response.statusCode).toBe(200);
    const { operator, enrolment_link: link, expires_at: expiresAt } = response.json().data as EnrolmentLink;
    expect(link).toMatch(new RegExp(`^${t.config.publicBaseUrl.replace(/\/+$/, '')}/console/enrol\\?token=[\\w-]+$`));
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(72 * 3600 * 1000);
    expect(operator).toMatchObject({
      email: 'new.editor@example.com',
      role: 'editor',
      enrolled: false,
      disabled: false,
    });
    expect(await listed(operator.id)).toMatchObject({
      enrolled: false,
      last_sign_in_at: null,
      enrolment_open_until: expiresAt,
    });
    expect(await auditOf(`operator:${operator.id}`)).toEqual([
      {
        operator_id: admin.id,
        action: 'operator.invite',
        target: `operator:${operator.id}`,
        before: null,
        after: { email: 'new.editor@example.com', role: 'editor' },
        reason: 'joins the team',
      },
    ]);

    const totp = await enrolThrough(link);
    clock.advance(30);
    const signIn = await signInCode(
      'new.editor@example.com',
      OPERATOR_PASSWORD,
      totp.generate({ timestamp: clock.now().getTime() }),
    );
    expect(signIn.json().code).toBe(Code.OK);
    expect(await listed(operator.id)).toMatchObject({
      enrolled: true,
      enrolment_open_until: null,
      last_sign_in_at: clock.now().toISOString(),
      last_seen_at: clock.now().toISOString(),
    });
  });

  it('shows when an operator was last active, after they signed out too', async () => {
    const editor = await signedInOperator(t.app, clock, 'editor');
    clock.advance(60);
    expect(await me(editor.cookie)).toBe(Code.OK);
    const seenAt = clock.now().toISOString();
    await post(editor, '/auth/sign-out', {});
    clock.advance(600);
    expect((await listed(editor.id))?.last_seen_at).toBe(seenAt);
  });

  it('refuses a taken e-mail (80001), a malformed one and an unknown role (10001), writing nothing', async () => {
    const before = await auditCount();
    const taken = await post(admin, '/operators', { email: admin.email.toUpperCase(), role: 'support' });
    expect(taken.json().code).toBe(Code.OPERATOR_EMAIL_TAKEN);
    const malformed = await post(admin, '/operators', { email: 'not-an-address', role: 'support' });
    expect(malformed.json().code).toBe(Code.INVALID_INPUT);
    const role = await post(admin, '/operators', { email: 'x@example.com', role: 'owner' });
    expect(role.json().code).toBe(Code.INVALID_INPUT);
    const extra = await post(admin, '/operators', { email: 'y@example.com', role: 'support', admin: true });
    expect(extra.json().code).toBe(Code.INVALID_INPUT);
    const long = await post(admin, '/operators', { email: 'z@example.com', role: 'support', reason: 'x'.repeat(501) });
    expect(long.json().code).toBe(Code.INVALID_INPUT);
    const rows = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from operators where email in ('x@example.com', 'y@example.com', 'z@example.com', 'not-an-address')`,
    );
    expect(rows[0]?.n).toBe(0);
    expect(await auditCount()).toBe(before);
  });
});

describe('changing a role', () => {
  it('needs a fresh code, changes the role, and audits before → after with the reason', async () => {
    const op = await signedInOperator(t.app, clock, 'support');
    const noCode = await post(admin, `/operators/${op.id}/role`, { role: 'finance' });
    expect(noCode.json().code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    expect((await listed(op.id))?.role).toBe('support');

    const changed = await post(
      admin,
      `/operators/${op.id}/role`,
      { role: 'finance', reason: 'moved to billing' },
      admin.freshCode(),
    );
    expect(changed.json()).toMatchObject({ code: Code.OK, data: { id: op.id, role: 'finance' } });
    // The session already open carries the new role at once.
    const meNow = await t.app.inject({ method: 'GET', url: url('/me'), headers: { cookie: op.cookie } });
    expect(meNow.json().data.role).toBe('finance');
    expect((await auditOf(`operator:${op.id}`)).at(-1)).toEqual({
      operator_id: admin.id,
      action: 'operator.role',
      target: `operator:${op.id}`,
      before: { role: 'support' },
      after: { role: 'finance' },
      reason: 'moved to billing',
    });

    // The same role again changes nothing and records nothing.
    const entries = (await auditOf(`operator:${op.id}`)).length;
    const repeat = await post(admin, `/operators/${op.id}/role`, { role: 'finance' }, admin.freshCode());
    expect(repeat.json().code).toBe(Code.OK);
    expect(await auditOf(`operator:${op.id}`)).toHaveLength(entries);
  });

  it('refuses an admin demoting themselves (80007) and an unknown operator (10002)', async () => {
    const self = await post(admin, `/operators/${admin.id}/role`, { role: 'editor' }, admin.freshCode());
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe(Code.OPERATOR_SELF_CHANGE);
    expect((await listed(admin.id))?.role).toBe('admin');
    const unknown = await post(admin, '/operators/987654/role', { role: 'editor' }, admin.freshCode());
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
    const malformed = await post(admin, '/operators/abc/role', { role: 'editor' }, admin.freshCode());
    expect(malformed.json().code).toBe(Code.INVALID_INPUT);
  });
});

describe('disabling and enabling', () => {
  it('ends every session of the operator at once, refuses their sign-in, and lets them back once enabled', async () => {
    const op = await signedInOperator(t.app, clock, 'editor');
    const second = await signInAgain(t.app, op);
    const noCode = await post(admin, `/operators/${op.id}/disable`, {});
    expect(noCode.json().code).toBe(Code.OPERATOR_TOTP_REQUIRED);
    expect(await me(op.cookie)).toBe(Code.OK);

    const disabled = await post(
      admin,
      `/operators/${op.id}/disable`,
      { reason: 'left the company' },
      admin.freshCode(),
    );
    expect(disabled.json()).toMatchObject({ code: Code.OK, data: { disabled: true } });
    const sessions = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from operator_sessions where operator_id = ${op.id}`,
    );
    expect(sessions[0]?.n).toBe(0);
    expect(await me(op.cookie)).toBe(Code.SESSION_EXPIRED);
    expect(await me(second)).toBe(Code.SESSION_EXPIRED);
    expect((await signInCode(op.email, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(
      Code.SIGNIN_WRONG_PASSWORD,
    );
    expect((await auditOf(`operator:${op.id}`)).at(-1)).toMatchObject({
      action: 'operator.disable',
      before: { disabled: false },
      after: { disabled: true, sessions_ended: 2 },
      reason: 'left the company',
    });

    const enabled = await post(admin, `/operators/${op.id}/enable`, { reason: 'came back' });
    expect(enabled.json()).toMatchObject({ code: Code.OK, data: { disabled: false } });
    expect((await signInCode(op.email, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(Code.OK);
    expect((await auditOf(`operator:${op.id}`)).at(-1)).toMatchObject({
      action: 'operator.enable',
      before: { disabled: true },
      after: { disabled: false },
      reason: 'came back',
    });
  });

  it('refuses an admin disabling themselves (80007), with their session intact', async () => {
    const response = await post(admin, `/operators/${admin.id}/disable`, {}, admin.freshCode());
    expect(response.json().code).toBe(Code.OPERATOR_SELF_CHANGE);
    expect(await me(admin.cookie)).toBe(Code.OK);
  });
});

describe('resetting a lost authenticator', () => {
  it('clears password, authenticator, recovery codes and sessions, and hands out a link that enrols again', async () => {
    const op = await signedInOperator(t.app, clock, 'finance');
    const noCode = await post(admin, `/operators/${op.id}/reset`, {});
    expect(noCode.json().code).toBe(Code.OPERATOR_TOTP_REQUIRED);

    const reset = await post(admin, `/operators/${op.id}/reset`, { reason: 'lost phone' }, admin.freshCode());
    expect(reset.json().code).toBe(Code.OK);
    const { operator, enrolment_link: link } = reset.json().data as EnrolmentLink;
    expect(operator).toMatchObject({ id: op.id, enrolled: false });
    expect(await me(op.cookie)).toBe(Code.SESSION_EXPIRED);
    expect((await signInCode(op.email, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(
      Code.SIGNIN_WRONG_PASSWORD,
    );
    const codes = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from operator_recovery_codes where operator_id = ${op.id}`,
    );
    expect(codes[0]?.n).toBe(0);

    // A second reset makes the first link worthless.
    const again = await post(admin, `/operators/${op.id}/reset`, {}, admin.freshCode());
    const stale = await post(admin, '/auth/enrolment/start', {
      token: new URL(link).searchParams.get('token'),
    });
    expect(stale.json().code).toBe(Code.OPERATOR_ENROLMENT_INVALID);

    const totp = await enrolThrough(again.json().data.enrolment_link as string);
    clock.advance(30);
    const signIn = await signInCode(op.email, OPERATOR_PASSWORD, totp.generate({ timestamp: clock.now().getTime() }));
    expect(signIn.json()).toMatchObject({ code: Code.OK, data: { role: 'finance' } });
    expect((await auditOf(`operator:${op.id}`)).filter((e) => e.action === 'operator.reset')[0]).toMatchObject({
      operator_id: admin.id,
      before: { enrolled: true },
      after: { enrolled: false, sessions_ended: 1 },
      reason: 'lost phone',
    });
  });

  it('refuses an admin resetting themselves (80007)', async () => {
    const response = await post(admin, `/operators/${admin.id}/reset`, {}, admin.freshCode());
    expect(response.json().code).toBe(Code.OPERATOR_SELF_CHANGE);
    expect(await me(admin.cookie)).toBe(Code.OK);
  });
});

describe('unlocking', () => {
  it('lifts a lock from failed sign-ins before it runs out', async () => {
    const op = await signedInOperator(t.app, clock, 'support');
    for (let i = 0; i < 5; i += 1) await signInCode(op.email, 'wrong password!', op.freshCode());
    expect((await signInCode(op.email, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(Code.OPERATOR_LOCKED);
    const locked = await listed(op.id);
    expect(locked?.locked_until).not.toBeNull();

    const unlocked = await post(admin, `/operators/${op.id}/unlock`, { reason: 'verified by phone' });
    expect(unlocked.json()).toMatchObject({ code: Code.OK, data: { locked_until: null } });
    expect((await signInCode(op.email, OPERATOR_PASSWORD, op.freshCode())).json().code).toBe(Code.OK);
    expect((await auditOf(`operator:${op.id}`)).at(-1)).toEqual({
      operator_id: admin.id,
      action: 'operator.unlock',
      target: `operator:${op.id}`,
      before: { locked_until: locked?.locked_until, failed_sign_ins: 0 },
      after: { locked_until: null, failed_sign_ins: 0 },
      reason: 'verified by phone',
    });
  });

  it('refuses an admin unlocking themselves (80007): a stolen session must not lift the lock its guesses set', async () => {
    const response = await post(admin, `/operators/${admin.id}/unlock`, {});
    expect(response.json().code).toBe(Code.OPERATOR_SELF_CHANGE);
  });
});

describe('the last admin', () => {
  it('two admins demoting each other at once over HTTP: one wins, the other is refused and one admin is left', async () => {
    const a = await signedInOperator(t.app, clock, 'admin');
    const b = await signedInOperator(t.app, clock, 'admin');
    await onlyAdmins(a, b);
    const [codeA, codeB] = [a.freshCode(), b.freshCode()];
    const answers = await Promise.all([
      post(a, `/operators/${b.id}/role`, { role: 'editor' }, codeA),
      post(b, `/operators/${a.id}/role`, { role: 'editor' }, codeB),
    ]);
    const codes = answers.map((response) => response.json().code as number);
    expect(codes.filter((code) => code === Code.OK)).toHaveLength(1);
    // The loser is refused by the rule (80008) or, when the winner committed before its request
    // was let in, by the guard for the editor it has become (80004).
    expect(
      codes.filter((code) => code === Code.OPERATOR_LAST_ADMIN || code === Code.OPERATOR_ROLE_FORBIDDEN),
    ).toHaveLength(1);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('a change waits for another admin change in flight and re-reads who is left: 80008', async () => {
    const { operatorAdmin } = t.app.services.console;
    const c = await signedInOperator(t.app, clock, 'admin');
    const d = await signedInOperator(t.app, clock, 'admin');
    await onlyAdmins(c, d);
    const { db } = t.app.database;
    const repository = new OperatorsRepository(db);
    let pending: Promise<number | undefined> = Promise.resolve(undefined);
    // Another admin's transaction holds the admins while it disables c; c meanwhile disables d.
    await db.transaction(async (tx) => {
      await repository.lockActiveAdmins(tx);
      pending = refusal(operatorAdmin.disable(d.id, { operatorId: c.id }));
      const early = await Promise.race([pending.then(() => 'settled'), sleep(300).then(() => 'waiting')]);
      expect(early).toBe('waiting');
      await repository.setDisabledAt(c.id, clock.now(), tx);
    });
    expect(await pending).toBe(Code.OPERATOR_LAST_ADMIN);
    expect(await activeAdmins()).toEqual([d.id]);
  });

  it('is never disabled, demoted or reset, whoever asks', async () => {
    const { operatorAdmin } = t.app.services.console;
    const [only] = await activeAdmins();
    if (only === undefined) throw new Error('expected one active admin');
    const other = await signedInOperator(t.app, clock, 'support');
    expect(await refusal(operatorAdmin.disable(only, { operatorId: other.id }))).toBe(Code.OPERATOR_LAST_ADMIN);
    expect(await refusal(operatorAdmin.changeRole(only, 'support', { operatorId: other.id }))).toBe(
      Code.OPERATOR_LAST_ADMIN,
    );
    expect(await refusal(operatorAdmin.reset(only, { operatorId: other.id }))).toBe(Code.OPERATOR_LAST_ADMIN);
    // An admin invited and not yet enrolled does not count: they cannot sign in.
    await operatorAdmin.invite('next-admin@example.com', 'admin', { operatorId: only });
    expect(await refusal(operatorAdmin.disable(only, { operatorId: other.id }))).toBe(Code.OPERATOR_LAST_ADMIN);
    expect(await activeAdmins()).toEqual([only]);
  });
});
