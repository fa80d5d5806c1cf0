import type { EnrolmentLink, Operator, OperatorAccount } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { ADMIN, renderConsole, whereAt } from '../../test/render-console';

const user = userEvent.setup({ delay: null });

function account(id: number, email: string, extra: Partial<OperatorAccount> = {}): OperatorAccount {
  return {
    id,
    email,
    role: 'editor',
    enrolled: true,
    disabled: false,
    created_at: '2026-11-01T00:00:00.000Z',
    last_sign_in_at: '2026-11-20T08:30:00.000Z',
    last_seen_at: '2026-11-20T09:15:00.000Z',
    locked_until: null,
    enrolment_open_until: null,
    ...extra,
  };
}

const ME = account(ADMIN.id, ADMIN.email, { role: 'admin' });
const EDITOR = account(2, 'editor@example.com');
const LOCKED = account(3, 'support@example.com', { role: 'support', locked_until: '2026-11-21T10:15:00.000Z' });
const INVITED = account(4, 'new@example.com', {
  enrolled: false,
  last_sign_in_at: null,
  last_seen_at: null,
  enrolment_open_until: '2026-11-24T10:00:00.000Z',
});
const GONE = account(5, 'gone@example.com', { disabled: true });

type Handler = (request: ReceivedRequest) => FakeAnswer;

function renderOperators(routes: Record<string, Handler> = {}, operator: Operator = ADMIN) {
  return renderConsole('/operators', {
    operator,
    api: { 'GET /operators': () => ({ data: { list: [ME, EDITOR, LOCKED, INVITED, GONE] } }), ...routes },
  });
}

const table = () => screen.findByRole('table', { name: 'Operators' }, { timeout: 5000 });
const rowOf = async (email: string) =>
  within(await table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(email)) as HTMLElement;

async function enterCode(code = '123456') {
  const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
  await user.type(within(prompt).getByLabelText('Six-digit code'), code);
  await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
}

const link = (operator: OperatorAccount): EnrolmentLink => ({
  operator,
  enrolment_link: 'https://ops.example.com/console/enrol?token=abc_DEF-123',
  expires_at: '2026-11-24T10:00:00.000Z',
});

describe('the operators page', () => {
  it('lists operators with role, state and activity in UTC; no actions on one’s own row', async () => {
    renderOperators();
    expect(await rowOf('editor@example.com')).toHaveTextContent(
      'editor@example.comEditorActive2026-11-20 08:302026-11-20 09:15',
    );
    expect(await rowOf('support@example.com')).toHaveTextContent('Locked until 2026-11-21 10:15 UTC');
    expect(await rowOf('new@example.com')).toHaveTextContent(
      'Invited, link valid until 2026-11-24 10:00 UTCNeverNever',
    );
    expect(await rowOf('gone@example.com')).toHaveTextContent('Disabled');
    const mine = await rowOf(ADMIN.email);
    expect(mine).toHaveTextContent('You');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    // Unlock only where there is a lock; enable only where disabled.
    expect(
      within(await rowOf('support@example.com')).getByRole('button', { name: 'Unlock: support@example.com' }),
    ).toBeVisible();
    expect(
      within(await rowOf('editor@example.com')).queryByRole('button', { name: /^Unlock/ }),
    ).not.toBeInTheDocument();
    expect(
      within(await rowOf('gone@example.com')).getByRole('button', { name: 'Enable: gone@example.com' }),
    ).toBeVisible();
  });

  it('is in the sidebar for admins only', async () => {
    renderOperators({}, { id: 9, email: 'ed@example.com', role: 'editor' });
    await screen.findByRole('navigation', { name: 'Console sections' });
    expect(screen.queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account' })).toBeInTheDocument();
  });

  it('invites and shows the enrolment link once, with a copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const invited = account(6, 'fresh@example.com', { role: 'finance', enrolled: false });
    const { received } = renderOperators({ 'POST /operators': () => ({ data: link(invited) }) });
    await table();
    await user.click(screen.getByRole('button', { name: 'Invite an operator' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite an operator' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the enrolment link' }));
    expect(within(dialog).getByText('Enter an e-mail address.')).toBeInTheDocument();
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('E-mail'), 'fresh@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'finance');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'new accountant');
    await user.click(within(dialog).getByRole('button', { name: 'Create the enrolment link' }));

    const shown = await screen.findByRole('dialog', { name: 'Enrolment link for fresh@example.com' });
    expect(received.find((r) => r.method === 'POST')).toMatchObject({
      path: '/operators',
      body: { email: 'fresh@example.com', role: 'finance', reason: 'new accountant' },
    });
    expect(received.find((r) => r.method === 'POST')?.headers).not.toHaveProperty('x-console-totp');
    expect(within(shown).getByLabelText('Enrolment link')).toHaveValue(
      'https://ops.example.com/console/enrol?token=abc_DEF-123',
    );
    expect(shown).toHaveTextContent('until 2026-11-24 10:00 UTC');
    await user.click(within(shown).getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith('https://ops.example.com/console/enrol?token=abc_DEF-123');
    expect(await within(shown).findByText('Copied.')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('fresh@example.com is invited.')).toBeInTheDocument();
  });

  it('changes a role after a fresh code, with the reason, and says so', async () => {
    const { received } = renderOperators({
      'POST /operators/2/role': () => ({ data: { ...EDITOR, role: 'support' } }),
    });
    await user.click(
      within(await rowOf('editor@example.com')).getByRole('button', { name: 'Change role: editor@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Change the role of editor@example.com' });
    const submit = within(dialog).getByRole('button', { name: 'Change role' });
    // The role it has already: nothing to send.
    expect(submit).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'support');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'moved to support');
    await user.click(submit);
    await enterCode('246810');
    expect(await screen.findByText('editor@example.com is now Support.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')).toMatchObject({
      path: '/operators/2/role',
      body: { role: 'support', reason: 'moved to support' },
      headers: { 'x-console-totp': '246810', 'x-console-request': '1' },
    });
    await waitFor(() => expect(received.filter((r) => r.path === '/operators').length).toBeGreaterThan(1));
  });

  it('disables after a fresh code; sends nothing when the code prompt is cancelled', async () => {
    const { received } = renderOperators({
      'POST /operators/2/disable': () => ({ data: { ...EDITOR, disabled: true } }),
    });
    await user.click(
      within(await rowOf('editor@example.com')).getByRole('button', { name: 'Disable: editor@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Disable editor@example.com?' });
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await enterCode();
    expect(await screen.findByText('editor@example.com is disabled and signed out everywhere.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')).toMatchObject({ path: '/operators/2/disable', body: {} });
  });

  it('enables and unlocks without a code (the contract asks none)', async () => {
    const { received } = renderOperators({
      'POST /operators/5/enable': () => ({ data: { ...GONE, disabled: false } }),
      'POST /operators/3/unlock': () => ({ data: { ...LOCKED, locked_until: null } }),
    });
    await user.click(within(await rowOf('gone@example.com')).getByRole('button', { name: 'Enable: gone@example.com' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Enable gone@example.com?' })).getByRole('button', { name: 'Enable' }),
    );
    expect(await screen.findByText('gone@example.com is enabled.')).toBeInTheDocument();

    await user.click(
      within(await rowOf('support@example.com')).getByRole('button', { name: 'Unlock: support@example.com' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unlock support@example.com?' })).getByRole('button', {
        name: 'Unlock',
      }),
    );
    expect(await screen.findByText('support@example.com is unlocked.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm with your authenticator' })).not.toBeInTheDocument();
    const posts = received.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/operators/5/enable', '/operators/3/unlock']);
    for (const post of posts) expect(post.headers).not.toHaveProperty('x-console-totp');
  });

  it('resets after a fresh code and shows the new link once', async () => {
    renderOperators({ 'POST /operators/2/reset': () => ({ data: link({ ...EDITOR, enrolled: false }) }) });
    await user.click(
      within(await rowOf('editor@example.com')).getByRole('button', { name: 'Reset: editor@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reset editor@example.com?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'lost phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await enterCode();
    const shown = await screen.findByRole('dialog', { name: 'Enrolment link for editor@example.com' });
    expect(within(shown).getByLabelText('Enrolment link')).toHaveValue(
      'https://ops.example.com/console/enrol?token=abc_DEF-123',
    );
  });

  it("says the server's refusal in the dialog: the last admin, one's own account", async () => {
    let answer: FakeAnswer = { code: 80008, status: 409 };
    renderOperators({ 'POST /operators/2/role': () => answer });
    await user.click(
      within(await rowOf('editor@example.com')).getByRole('button', { name: 'Change role: editor@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Change the role of editor@example.com' });
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'finance');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await enterCode();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This would leave no admin who can sign in.');
    answer = { code: 80007, status: 409 };
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await enterCode();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('You cannot do this to your own account.'),
    );
  });

  it("links each operator's history in the audit log", async () => {
    const { router } = renderOperators({ 'GET /audit': () => ({ data: { list: [], next_cursor: null } }) });
    await user.click(
      within(await rowOf('editor@example.com')).getByRole('link', { name: 'History: editor@example.com' }),
    );
    await waitFor(() => expect(whereAt(router)).toBe('/audit?target=operator%3A2'));
  });
});
