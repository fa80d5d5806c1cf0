import { Code } from '@cliffhanger/contract';
import * as consoleContract from '@cliffhanger/contract/console';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_REQUEST_HEADER,
  CONSOLE_TOTP_HEADER,
  CONSOLE_UPLOADS_URL,
  OPERATOR_ROLES,
  roleMayCall,
  type ConsoleEndpoint,
  type OperatorRole,
} from '@cliffhanger/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { signedInOperator, signInAgain, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/**
 * Every console endpoint the contract exports, against every role and against the guard's other
 * refusals. The list is read from the contract at run time, so an endpoint added anywhere is in
 * the matrix without touching this file; and every route the server registers under the console's
 * prefix must be one of them (or the tus uploads path), so none escapes it.
 */

function isConsoleEndpoint(value: unknown): value is ConsoleEndpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'access' in value &&
    'method' in value &&
    'path' in value &&
    typeof value.path === 'string'
  );
}

const endpoints: [string, ConsoleEndpoint][] = Object.entries(consoleContract as Record<string, unknown>).filter(
  (entry): entry is [string, ConsoleEndpoint] => isConsoleEndpoint(entry[1]),
);

/** The URL of an endpoint with every path parameter filled (the guard answers before they are read). */
const urlOf = (endpoint: ConsoleEndpoint) => `${CONSOLE_API_PREFIX}${endpoint.path.replace(/:\w+/g, '987654')}`;
const writes = (endpoint: ConsoleEndpoint) => endpoint.method !== 'GET';
const GUARD_CODES: readonly number[] = [
  Code.OPERATOR_ROLE_FORBIDDEN,
  Code.OPERATOR_TOTP_REQUIRED,
  Code.CONSOLE_REQUEST_HEADER_MISSING,
  Code.NOT_SIGNED_IN,
];

/** A route the test itself registers outside the contract: the escape check must name it. */
const PROBE_URL = `${CONSOLE_API_PREFIX}/escape-probe`;

let t: TestApp;
const clock = new TestClock();
const operators = new Map<OperatorRole, ConsoleOperator>();

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    extend: (app) => {
      app.get(PROBE_URL, () => ({ code: Code.OK, message: 'ok', data: null }));
    },
  });
  for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(t.app, clock, role));
});
afterAll(async () => {
  await t?.close();
});

function operator(role: OperatorRole): ConsoleOperator {
  const found = operators.get(role);
  if (!found) throw new Error(`no ${role} operator`);
  return found;
}

/**
 * Every row of every table, as one digest per table. The guard's own bookkeeping (when a session
 * or operator was last seen) is left out: it moves on every signed-in request, refused or not.
 */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.app.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = tables.map(({ name }) => {
    const row = sql`(to_jsonb(x) - 'last_seen_at')::text`;
    return sql`select ${name} as name, md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as digest from ${sql.identifier(name)} x`;
  });
  const rows = await queryRows<{ name: string; digest: string }>(t.app.database.db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

interface Call {
  cookie?: string;
  csrf?: boolean;
  totp?: string;
}

async function call(endpoint: ConsoleEndpoint, { cookie, csrf = true, totp }: Call) {
  const headers: Record<string, string> = {};
  if (cookie !== undefined) headers.cookie = cookie;
  if (csrf) headers[CONSOLE_REQUEST_HEADER] = '1';
  if (totp !== undefined) headers[CONSOLE_TOTP_HEADER] = totp;
  const response = await t.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    headers,
    ...(writes(endpoint) ? { payload: {} } : {}),
  });
  return { status: response.statusCode, code: response.json<{ code: number }>().code };
}

/** After a call that may have ended the operator's session (sign-out, say): signed in again. */
async function keepSignedIn(op: ConsoleOperator): Promise<void> {
  const me = await t.app.inject({ method: 'GET', url: `${CONSOLE_API_PREFIX}/me`, headers: { cookie: op.cookie } });
  if (me.json<{ code: number }>().code !== Code.OK) op.cookie = await signInAgain(t.app, op);
}

describe('the role × endpoint matrix', () => {
  it('reads the endpoints from the contract', () => {
    const names = endpoints.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['consoleMe', 'consoleSignIn', 'consoleListOperators', 'consoleAuditLog']),
    );
    // Helpers and schemas are not endpoints.
    expect(names).not.toContain('roleMayCall');
  });

  for (const [name, endpoint] of endpoints) {
    const label = `${endpoint.method} ${endpoint.path} (${name}, ${
      typeof endpoint.access === 'string' ? endpoint.access : endpoint.access.join('/') || 'admin'
    }${endpoint.freshTotp ? ', fresh TOTP' : ''})`;

    it(label, async () => {
      const admin = operator('admin');
      const baseline = await databaseDigest();
      const unchanged = async (what: string) => expect(await databaseDigest(), what).toEqual(baseline);

      // Roles the endpoint does not allow: 403 with 80004, whatever else the request carries.
      for (const role of OPERATOR_ROLES) {
        if (endpoint.access === 'public' || roleMayCall(endpoint.access, role)) continue;
        const op = operator(role);
        const refused = await call(endpoint, {
          cookie: op.cookie,
          ...(endpoint.freshTotp ? { totp: op.freshCode() } : {}),
        });
        expect(refused, role).toEqual({ status: 403, code: Code.OPERATOR_ROLE_FORBIDDEN });
        await unchanged(`after the ${role}'s refused call`);
      }

      if (endpoint.access !== 'public') {
        const anonymous = await call(endpoint, {});
        expect(anonymous, 'no operator').toEqual({ status: 401, code: Code.NOT_SIGNED_IN });
        await unchanged('after the call with no operator');
      }

      if (writes(endpoint)) {
        const forged = await call(endpoint, {
          cookie: admin.cookie,
          csrf: false,
          ...(endpoint.freshTotp ? { totp: admin.freshCode() } : {}),
        });
        expect(forged, 'no x-console-request').toEqual({ status: 403, code: Code.CONSOLE_REQUEST_HEADER_MISSING });
        await unchanged('after the write without the request header');
      }

      if (endpoint.freshTotp) {
        const noCode = await call(endpoint, { cookie: admin.cookie });
        expect(noCode, 'no fresh code').toEqual({ status: 403, code: Code.OPERATOR_TOTP_REQUIRED });
        await unchanged('after the call without a fresh code');
      }

      // Roles the endpoint allows get past the guard (with a fresh code where one is needed): the
      // answer is the endpoint's own (most often 10001 for the empty input, or 10002), never the guard's.
      for (const role of OPERATOR_ROLES) {
        if (endpoint.access !== 'public' && !roleMayCall(endpoint.access, role)) continue;
        const op = operator(role);
        const allowed = await call(endpoint, {
          cookie: op.cookie,
          ...(endpoint.freshTotp ? { totp: op.freshCode() } : {}),
        });
        expect(GUARD_CODES, `${role}: ${allowed.code}`).not.toContain(allowed.code);
        await keepSignedIn(op);
      }
    });
  }
});

/** Each route the server registered, from Fastify's route tree (commonPrefix: every node on its own line). */
function registeredRoutes(tree: string): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', node = '', methods] = match;
    stack.length = indent.length / 4;
    // The tree's top node, above `/`, is drawn with this label.
    stack.push(node === '(empty root node)' ? '' : node);
    if (methods) routes.push({ path: stack.join(''), methods: methods.split(', ') });
  }
  return routes;
}

describe('the routes under the console prefix', () => {
  it('are all contract endpoints, or the tus uploads path (the probe registered here is the only other)', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: true }));
    const consoleRoutes = routes.filter((route) => route.path.startsWith(`${CONSOLE_API_PREFIX}/`));
    // The parse itself: a known route is found with its methods.
    expect(consoleRoutes).toContainEqual({ path: `${CONSOLE_API_PREFIX}/me`, methods: ['GET', 'HEAD'] });

    const contract = new Set(endpoints.map(([, e]) => `${e.method} ${CONSOLE_API_PREFIX}${e.path}`));
    const escaped: string[] = [];
    for (const { path, methods } of consoleRoutes) {
      if (path === CONSOLE_UPLOADS_URL || path.startsWith(`${CONSOLE_UPLOADS_URL}/`)) continue;
      for (const method of methods) {
        // Fastify answers HEAD wherever there is a GET.
        const asDeclared = method === 'HEAD' && methods.includes('GET') ? 'GET' : method;
        if (!contract.has(`${asDeclared} ${path}`)) escaped.push(`${method} ${path}`);
      }
    }
    expect(escaped).toEqual([`GET ${PROBE_URL}`, `HEAD ${PROBE_URL}`]);
  });

  it('include every contract endpoint', () => {
    const missing = endpoints
      .filter(([, e]) => !t.app.hasRoute({ method: e.method, url: `${CONSOLE_API_PREFIX}${e.path}` }))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
