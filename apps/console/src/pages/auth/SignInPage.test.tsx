import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer } from '../../test/fake-console-api';
import { ADMIN, renderConsole, whereAt } from '../../test/render-console';

// Keys typed without a pause between them: the tests read what was sent, not typing speed.
const user = userEvent.setup({ delay: null });

async function signIn(answer: FakeAnswer, path = '/sign-in') {
  let signedIn = false;
  const rendered = renderConsole(path, {
    operator: null,
    api: {
      'POST /auth/sign-in': () => {
        if ((answer.code ?? 200) === 200) signedIn = true;
        return answer;
      },
      'GET /me': () => (signedIn ? { data: ADMIN } : { code: 10027, status: 401 }),
    },
  });
  await user.type(await screen.findByLabelText('E-mail'), 'ops@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.type(screen.getByLabelText('Authenticator code or recovery code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

describe('the sign-in page', () => {
  it('sends e-mail, password and code, then opens the page asked for', async () => {
    const { router, received } = await signIn({ data: ADMIN }, `/sign-in?next=${encodeURIComponent('/no/such?x=1')}`);
    await waitFor(() => expect(whereAt(router)).toBe('/no/such?x=1'));
    expect(received.find((request) => request.path === '/auth/sign-in')?.body).toEqual({
      email: 'ops@example.com',
      password: 'correct horse',
      code: '123456',
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('opens home when no page was asked for, or the one asked for leaves the console', async () => {
    const { router } = await signIn({ data: ADMIN }, `/sign-in?next=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(whereAt(router)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, ops@example.com' })).toBeInTheDocument();
  });

  it('says a wrong e-mail, password or code in one message', async () => {
    const { router } = await signIn({ code: 70004, status: 401 });
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail, password or code is not right.');
    expect(whereAt(router)).toBe('/sign-in');
    // What was typed stays, to correct.
    expect(screen.getByLabelText('E-mail')).toHaveValue('ops@example.com');
  });

  it('says how long a locked account waits', async () => {
    await signIn({ code: 80003, status: 429, data: { retry_after_s: 840 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('this account is locked. Try again in 14 minutes.');
  });

  it('says too many attempts from this address', async () => {
    await signIn({ code: 10003, status: 429, data: { retry_after_s: 60 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });
});
