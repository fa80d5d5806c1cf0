import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole, whereAt } from '../../test/render-console';

const user = userEvent.setup({ delay: null });
const SUPPORT = { id: 4, email: 'support@example.com', role: 'support' as const };
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '0')}`);

type Handler = (request: ReceivedRequest) => FakeAnswer;

function renderAccount(routes: Record<string, Handler> = {}) {
  return renderConsole('/account', { operator: SUPPORT, api: routes });
}

async function enterCode(code = '123456') {
  const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
  await user.type(within(prompt).getByLabelText('Six-digit code'), code);
  await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
}

const section = async (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

describe('my account', () => {
  it('is in every role’s sidebar', async () => {
    renderAccount();
    await section('Change your password');
    expect(screen.getByRole('link', { name: 'My account' })).toBeInTheDocument();
  });

  it('changes the password after a fresh code, checking the form first', async () => {
    const { received } = renderAccount({ 'POST /me/password': () => ({ data: null }) });
    const form = await section('Change your password');
    const submit = within(form).getByRole('button', { name: 'Change password' });
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter your current password.');
    await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('Use at least 8 characters.');
    await user.type(within(form).getByLabelText('New password'), ' but longer now');
    await user.type(within(form).getByLabelText('New password again'), 'something else');
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent('The two new passwords differ.');
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText('New password again'));
    await user.type(within(form).getByLabelText('New password again'), 'short but longer now');
    await user.click(submit);
    await enterCode('135790');
    expect(
      await within(form).findByText('Your password is changed. Your other sessions are signed out.'),
    ).toBeVisible();
    expect(received.find((r) => r.method === 'POST')).toMatchObject({
      path: '/me/password',
      body: { current_password: 'correct horse battery', new_password: 'short but longer now' },
      headers: { 'x-console-totp': '135790', 'x-console-request': '1' },
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it("says the server's refusal of a wrong current password", async () => {
    renderAccount({ 'POST /me/password': () => ({ code: 70004, status: 409 }) });
    const form = await section('Change your password');
    await user.type(within(form).getByLabelText('Current password'), 'not it at all');
    await user.type(within(form).getByLabelText('New password'), 'a brand new passphrase');
    await user.type(within(form).getByLabelText('New password again'), 'a brand new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await enterCode();
    expect(await within(form).findByRole('alert')).toHaveTextContent('The e-mail, password or code is not right.');
  });

  it('makes new recovery codes after a fresh code and shows them once with copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { received } = renderAccount({ 'POST /me/recovery-codes': () => ({ data: { recovery_codes: CODES } }) });
    const codes = await section('Recovery codes');
    await user.click(within(codes).getByRole('button', { name: 'Make new recovery codes' }));
    await enterCode('112233');
    const list = await within(codes).findByRole('list', { name: 'Your new recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(received.find((r) => r.method === 'POST')?.headers).toMatchObject({ 'x-console-totp': '112233' });
    await user.click(within(codes).getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`);
  });

  it('signs out everywhere after a confirmation, then shows the sign-in page', async () => {
    const { received, router } = renderAccount({ 'POST /me/sign-out-everywhere': () => ({ data: null }) });
    const everywhere = await section('Sign out everywhere');
    await user.click(within(everywhere).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(everywhere).getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    await waitFor(() => expect(whereAt(router)).toBe('/sign-in'));
    expect(received.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/me/sign-out-everywhere']);
  });
});
