import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '../../../lib/session';
import { hideToast, toastStore } from '../../../lib/toast';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { strip } from '../test/fixtures';
import { resetLaunchCheckinForTests, sendCheckinOnSignIn } from './post-task-checkin';

const answer = (balance: number) => ({ day: 1, reward: 10, balance, strip: strip(1, true), expires_at: null });

beforeEach(() => {
  resetLaunchCheckinForTests();
  clearSession();
  hideToast();
});
afterEach(() => vi.unstubAllGlobals());

describe('launch check-in: sent silently for a signed-in viewer, errors ignored', () => {
  it('is not sent for a visitor', () => {
    const api = stubApi();
    sendCheckinOnSignIn();
    expect(api.calls).toHaveLength(0);
  });

  it('sends POST /task/checkin once per launch, stores the balance and reports the answer', async () => {
    const api = stubApi({ 'POST /task/checkin': { code: 200, data: answer(130) } });
    setSession({ token: 'tok', userInfo: testUser({ coin: 120 }) });
    const onCheckedIn = vi.fn();
    sendCheckinOnSignIn(onCheckedIn);
    sendCheckinOnSignIn(onCheckedIn);
    await vi.waitFor(() => expect(onCheckedIn).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /task/checkin')).toHaveLength(1);
    expect(onCheckedIn.mock.calls[0]![0]).toMatchObject({ day: 1, balance: 130 });
    expect(getSession().userInfo?.coin).toBe(130);
  });

  it('checks in again at the next transition to signed in: signing in mid-session, or as someone else', async () => {
    const api = stubApi({ 'POST /task/checkin': { code: 200, data: answer(10) } });
    sendCheckinOnSignIn();
    setSession({ token: 'a', userInfo: testUser({ uid: 1 }) });
    sendCheckinOnSignIn();
    sendCheckinOnSignIn();
    await vi.waitFor(() => expect(api.callsTo('POST /task/checkin')).toHaveLength(1));
    setSession({ token: 'b', userInfo: testUser({ uid: 2 }) });
    sendCheckinOnSignIn();
    await vi.waitFor(() => expect(api.callsTo('POST /task/checkin')).toHaveLength(2));
    clearSession();
    sendCheckinOnSignIn();
    setSession({ token: 'c', userInfo: testUser({ uid: 2 }) });
    sendCheckinOnSignIn();
    await vi.waitFor(() => expect(api.callsTo('POST /task/checkin')).toHaveLength(3));
  });

  it('a repeat the same day (40702) is a success too', async () => {
    stubApi({ 'POST /task/checkin': { code: 40702, data: answer(120) } });
    setSession({ token: 'tok', userInfo: testUser({ coin: 120 }) });
    const onCheckedIn = vi.fn();
    sendCheckinOnSignIn(onCheckedIn);
    await vi.waitFor(() => expect(onCheckedIn).toHaveBeenCalledTimes(1));
  });

  it('ignores errors silently: no "Network Error" toast, no callback, no unhandled rejection', async () => {
    const api = stubApi({ 'POST /task/checkin': { networkError: true } });
    setSession({ token: 'tok', userInfo: testUser() });
    const onCheckedIn = vi.fn();
    sendCheckinOnSignIn(onCheckedIn);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toastStore.get()).toBeNull();
    expect(onCheckedIn).not.toHaveBeenCalled();
  });
});
