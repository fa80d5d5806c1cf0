import type { InviteOverview } from '@cliffhanger/contract/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { getSession, setSession } from '../../../lib/session';
import { stubApi, type Route } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { InvitePage } from './invite-page';

function invite(overrides: Partial<InviteOverview> = {}): InviteOverview {
  return {
    invite_code: 'ADA7K2',
    invited_count: 0,
    earned: 0,
    records: [],
    inviter: null,
    can_enter_code: true,
    enter_code_until: '2026-11-24T00:00:00.000Z',
    rules: { window_days: 3, max_invites: 10, inviter_reward: 50, invitee_reward: 20 },
    ...overrides,
  };
}

function open(routes: Record<string, Route> = {}, path: string = PATHS.invite) {
  const api = stubApi(routes);
  const view = renderRoutes(
    [
      { path: PATHS.invite, element: <InvitePage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  return { api, ...view };
}

const signIn = (coin = 100) => setSession({ token: 't', userInfo: testUser({ coin }) });

describe('invite page', () => {
  it('shows the own code with copy and share, the counts, the rules from GET /invite and "No records."', async () => {
    signIn();
    open({ 'GET /invite': { code: 200, data: invite({ invited_count: 2, earned: 100, rules: { window_days: 4, max_invites: 8, inviter_reward: 60, invitee_reward: 25 } }) } });
    expect(await screen.findByTestId('invite-counts')).toHaveTextContent('Invited 2/8 · earned 100 coins');
    expect(screen.getByTestId('invite-own-code')).toHaveTextContent('ADA7K2');
    expect(screen.getByTestId('invite-copy-code')).toBeEnabled();
    expect(screen.getByTestId('invite-share')).toBeEnabled();
    const rules = screen.getByTestId('invite-rules');
    expect(rules).toHaveTextContent('within 4 days');
    expect(rules).toHaveTextContent('At most 8 successful invites');
    expect(rules).toHaveTextContent('You earn 60 points');
    expect(rules).toHaveTextContent('25 welcome coins');
    expect(screen.getByTestId('invite-record-list')).toHaveTextContent('No records.');
  });

  it('lists the invite record', async () => {
    signIn();
    open({
      'GET /invite': {
        code: 200,
        data: invite({
          invited_count: 2,
          records: [
            { nickname: 'Bo', avatar: '', joined_at: '2026-11-20T10:00:00.000Z', reward: 50 },
            { nickname: 'Cy', avatar: '', joined_at: '2026-11-19T10:00:00.000Z', reward: 50 },
          ],
        }),
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('invite-record-item')).toHaveLength(2));
    expect(screen.getAllByTestId('invite-record-item')[0]).toHaveTextContent('Bo');
    expect(screen.getAllByTestId('invite-record-item')[0]).toHaveTextContent('+50');
  });

  it('share copies the invite link where there is no share sheet', async () => {
    signIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    open({ 'GET /invite': { code: 200, data: invite() } });
    await userEvent.click(await screen.findByTestId('invite-share'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pages/user/invite?code=ADA7K2`);
    expect(await screen.findByRole('status')).toHaveTextContent('Invite link copied');
  });

  it('enters a code: PUT /invite/{code}, the welcome coins toasted and stored, the form gives way', async () => {
    signIn(100);
    let entered = false;
    const { api } = open(
      {
        'GET /invite': () => ({
          code: 200,
          data: invite(entered ? { can_enter_code: false, inviter: { nickname: 'Bo' } } : {}),
        }),
        'PUT /invite/BO12CD': () => {
          entered = true;
          return { code: 200, data: { inviter_nickname: 'Bo', reward: 20, balance: 120 } };
        },
      },
      `${PATHS.invite}?code=BO12CD`,
    );
    expect(await screen.findByTestId('invite-code-input')).toHaveValue('BO12CD');
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByRole('status')).toHaveTextContent('Invite code accepted: +20 coins');
    expect(api.callsTo('PUT /invite/BO12CD')[0]!.body).toEqual({ invite_code: 'BO12CD' });
    expect(getSession().userInfo?.coin).toBe(120);
    expect(await screen.findByTestId('invite-enter-closed')).toHaveTextContent('You were invited by Bo');
  });

  it.each([
    [60001, 'Invalid invite code'],
    [60002, 'You cannot enter your own invite code'],
    [60003, 'The invite code must be entered within 3 days of registering'],
    [60004, 'This inviter has reached the invite limit'],
    [60005, 'Only new users can enter an invite code'],
    [60006, 'You have already entered an invite code'],
  ])('a refusal %i shows its own message under the field', async (code, message) => {
    signIn(100);
    open({ 'GET /invite': { code: 200, data: invite() }, 'PUT /invite/XYZ': { code } });
    await userEvent.type(await screen.findByTestId('invite-code-input'), 'XYZ');
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('invite-code-input')).toHaveAttribute('aria-invalid', 'true');
    expect(getSession().userInfo?.coin).toBe(100);
  });

  it('an empty code is refused before any request', async () => {
    signIn();
    const { api } = open({ 'GET /invite': { code: 200, data: invite() } });
    await userEvent.click(await screen.findByTestId('invite-submit'));
    expect(screen.getByText('Please enter an invite code')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('after the window (or with an inviter) the form gives way to a note', async () => {
    signIn();
    open({ 'GET /invite': { code: 200, data: invite({ can_enter_code: false }) } });
    expect(await screen.findByTestId('invite-enter-closed')).toHaveTextContent('You can no longer enter an invite code.');
    expect(screen.queryByTestId('invite-code-input')).toBeNull();
  });

  it('a visitor sees the sign-in button, the configured rules, and is asked to log in on submit', async () => {
    const { api, router } = open();
    expect(screen.getByTestId('invite-sign-in')).toBeInTheDocument();
    expect(screen.getByTestId('invite-rules')).toHaveTextContent('within 3 days');
    await userEvent.type(screen.getByTestId('invite-code-input'), 'XYZ');
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(screen.getByRole('status')).toHaveTextContent('Please login first');
    expect(router.state.location.pathname).toBe(PATHS.login);
    expect(api.calls.filter((call) => call.path.startsWith('/invite'))).toHaveLength(0);
  });
});
