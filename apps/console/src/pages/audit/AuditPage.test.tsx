import type { AuditEntry, OperatorAccount } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole, whereAt } from '../../test/render-console';
import { changedFields } from './AuditChange';

const user = userEvent.setup({ delay: null });

function entry(id: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-22T04:05:00.000Z',
    operator: { id: 2, email: 'editor@example.com' },
    action: 'drama.hide',
    target: `drama:${id}`,
    before: { hidden: false, title: 'Night Train' },
    after: { hidden: true, title: 'Night Train' },
    reason: `takedown ${id}`,
    ...extra,
  };
}

const EDITOR: OperatorAccount = {
  id: 2,
  email: 'editor@example.com',
  role: 'editor',
  enrolled: true,
  disabled: false,
  created_at: '2026-11-01T00:00:00.000Z',
  last_sign_in_at: null,
  last_seen_at: null,
  locked_until: null,
  enrolment_open_until: null,
};

/** Two pages: 9 and 8 first, then 7 from the cursor the first page gave. */
function auditApi(request: ReceivedRequest) {
  const query = new URLSearchParams(request.path.split('?')[1]);
  if (query.get('cursor') === '8')
    return { data: { list: [entry(7, { operator: null, action: 'operator.invite' })], next_cursor: null } };
  return { data: { list: [entry(9), entry(8)], next_cursor: '8' } };
}

function renderAudit(path = '/audit', audit: (request: ReceivedRequest) => { data: unknown } = auditApi) {
  return renderConsole(path, {
    api: { 'GET /audit': audit, 'GET /operators': () => ({ data: { list: [EDITOR] } }) },
  });
}

const table = () => screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 });
/** The distinct audit queries sent (StrictMode may send the first one twice). */
const auditCalls = (received: ReceivedRequest[]) => [
  ...new Set(received.filter((r) => r.path.startsWith('/audit')).map((r) => r.path)),
];

describe('the audit log page', () => {
  it('shows who, when (UTC), what, target, the fields changed and why; loads more by cursor', async () => {
    const { received } = renderAudit();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '2026-11-22 04:05editor@example.comdrama.hidedrama:9hidden: false → truetakedown 9',
    );
    // A field the change left alone is not listed.
    expect(rows[1]).not.toHaveTextContent('title');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(await table()).findByText('Command line')).toBeInTheDocument();
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('That is all.')).toBeInTheDocument();
    expect(auditCalls(received)).toEqual(['/audit?size=50', '/audit?size=50&cursor=8']);
  });

  it('applies the filters to the address and the query; the `to` day is included', async () => {
    const { received, router } = renderAudit();
    await table();
    const form = screen.getByRole('form', { name: 'Filter' });
    await user.selectOptions(within(form).getByLabelText('Operator'), 'editor@example.com');
    await user.type(within(form).getByLabelText('Action starts with'), 'drama.');
    await user.type(within(form).getByLabelText('Target'), 'drama:7');
    await user.type(within(form).getByLabelText('From (UTC day)'), '2026-11-01');
    await user.type(within(form).getByLabelText('To (UTC day, included)'), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(whereAt(router)).toBe('/audit?operator=2&action=drama.&target=drama%3A7&from=2026-11-01&to=2026-11-30'),
    );
    await waitFor(() => expect(auditCalls(received)).toHaveLength(2));
    const query = new URLSearchParams(auditCalls(received)[1]?.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      operator_id: '2',
      action: 'drama.',
      target: 'drama:7',
      from: '2026-11-01T00:00:00Z',
      to: '2026-12-01T00:00:00.000Z',
      size: '50',
    });

    await user.click(within(screen.getByRole('form', { name: 'Filter' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(whereAt(router)).toBe('/audit'));
  });

  it('refuses a range that ends before it starts, asking nothing', async () => {
    const { received } = renderAudit();
    await table();
    const form = screen.getByRole('form', { name: 'Filter' });
    await user.type(within(form).getByLabelText('From (UTC day)'), '2026-11-10');
    await user.type(within(form).getByLabelText('To (UTC day, included)'), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByLabelText('To (UTC day, included)')).toHaveAccessibleDescription(
      'The end day must not be before the start day.',
    );
    expect(auditCalls(received)).toHaveLength(1);
  });

  it('opens filtered from a link (an operator’s history)', async () => {
    const { received } = renderAudit('/audit?target=operator%3A2', () => ({ data: { list: [], next_cursor: null } }));
    expect(await within(await table()).findByText('No entry matches.')).toBeInTheDocument();
    expect(screen.getByLabelText('Target')).toHaveValue('operator:2');
    expect(auditCalls(received)).toEqual(['/audit?target=operator%3A2&size=50']);
  });
});

describe('changedFields', () => {
  it('lists what was set, changed or removed, as JSON, and leaves the rest out', () => {
    expect(changedFields(null, { email: 'a@b.c', role: 'editor' })).toEqual([
      { key: 'email', before: '—', after: '"a@b.c"' },
      { key: 'role', before: '—', after: '"editor"' },
    ]);
    expect(changedFields({ role: 'support', tags: ['a'] }, { role: 'finance', tags: ['a'] })).toEqual([
      { key: 'role', before: '"support"', after: '"finance"' },
    ]);
    expect(changedFields({ locked_until: '2026-11-21T10:15:00.000Z' }, {})).toEqual([
      { key: 'locked_until', before: '"2026-11-21T10:15:00.000Z"', after: '—' },
    ]);
  });
});
