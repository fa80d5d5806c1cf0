import { Code } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, type AuditEntry } from '@cliffhanger/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOperator, signInAgain, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** The audit log viewer's API: filters, keyset pages, who/when/what/before → after/why. */
let t: TestApp;
const clock = new TestClock('2026-11-21T10:00:00.000Z');
let admin: ConsoleOperator;
let editor: ConsoleOperator;
let adminCookie: string;

interface Page {
  list: AuditEntry[];
  next_cursor: string | null;
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await signedInOperator(t.app, clock, 'admin');
  editor = await signedInOperator(t.app, clock, 'editor');
  const { operators } = t.app.services.console;
  // A day later, a known set of entries an hour apart.
  clock.set('2026-11-22T00:00:00.000Z');
  for (let i = 1; i <= 5; i += 1) {
    await operators.recordAudit(
      editor.id,
      'drama.hide',
      `drama:${i}`,
      { hidden: false },
      { hidden: true },
      `takedown ${i}`,
    );
    clock.advance(3600);
  }
  // `_` and `%` in a filter match literally, not as LIKE wildcards.
  await operators.recordAudit(editor.id, 'dramaXhide', 'drama:1', null, null, '');
  await operators.recordAudit(admin.id, 'drama_%.odd', 'drama:9', null, null, '');
  clock.advance(3600);
  // The day's jump ended the first session (idle): a new one, signing in writes no audit entry.
  adminCookie = await signInAgain(t.app, admin);
});
afterAll(async () => {
  await t?.close();
});

async function audit(query: string): Promise<Page> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${CONSOLE_API_PREFIX}/audit${query}`,
    headers: { cookie: adminCookie },
  });
  expect(response.json().code).toBe(Code.OK);
  return response.json().data as Page;
}

describe('the audit log', () => {
  it('answers newest first with who, when, what, target, before → after and why', async () => {
    const { list } = await audit('?action=drama.hide&size=1');
    expect(list).toEqual([
      {
        id: expect.any(Number),
        at: '2026-11-22T04:00:00.000Z',
        operator: { id: editor.id, email: editor.email },
        action: 'drama.hide',
        target: 'drama:5',
        before: { hidden: false },
        after: { hidden: true },
        reason: 'takedown 5',
      },
    ]);
  });

  it('shows what the command line did with no operator', async () => {
    const { list } = await audit(`?action=operator.invite&target=operator:${admin.id}`);
    expect(list).toMatchObject([{ operator: null, action: 'operator.invite', after: { role: 'admin' } }]);
  });

  it('pages by cursor without overlap or gap, whatever is appended in between', async () => {
    const first = await audit('?action=drama.&size=2');
    expect(first.list.map((e) => e.target)).toEqual(['drama:5', 'drama:4']);
    expect(first.next_cursor).not.toBeNull();
    // Written between two pages: it belongs above the first page, not into the next one.
    await t.app.services.console.operators.recordAudit(admin.id, 'drama.show', 'drama:3', null, null, '');
    const second = await audit(`?action=drama.&size=2&cursor=${first.next_cursor}`);
    expect(second.list.map((e) => e.target)).toEqual(['drama:3', 'drama:2']);
    const rest = await audit(`?action=drama.&size=10&cursor=${second.next_cursor}`);
    expect(rest.list.map((e) => e.target)).toEqual(['drama:1']);
    expect(rest.next_cursor).toBeNull();
    expect((await audit('?action=drama.&size=1')).list[0]?.action).toBe('drama.show');
  });

  it('filters by action prefix literally, by operator, by target and by time range, combined', async () => {
    expect((await audit('?action=drama_%25')).list.map((e) => e.action)).toEqual(['drama_%.odd']);
    expect((await audit('?action=drama.hide')).list).toHaveLength(5);
    const byEditor = await audit(`?operator_id=${editor.id}`);
    expect(new Set(byEditor.list.map((e) => e.operator?.id))).toEqual(new Set([editor.id]));
    expect((await audit('?target=drama:1')).list.map((e) => e.action)).toEqual(['dramaXhide', 'drama.hide']);
    const range = await audit(
      `?action=drama.hide&from=${encodeURIComponent('2026-11-22T01:00:00Z')}&to=${encodeURIComponent('2026-11-22T03:00:00Z')}`,
    );
    expect(range.list.map((e) => e.target)).toEqual(['drama:3', 'drama:2']);
    const combined = await audit(`?operator_id=${admin.id}&target=drama:1`);
    expect(combined.list).toEqual([]);
  });

  it('refuses a forged cursor, a range that ends before it starts and an unknown filter (10001)', async () => {
    for (const query of [
      '?cursor=abc',
      '?cursor=0',
      '?from=2026-11-22T03:00:00Z&to=2026-11-22T01:00:00Z',
      '?size=0',
      '?size=101',
      '?who=me',
      '?from=yesterday',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${CONSOLE_API_PREFIX}/audit${query}`,
        headers: { cookie: adminCookie },
      });
      expect(response.json().code, query).toBe(Code.INVALID_INPUT);
    }
  });
});
