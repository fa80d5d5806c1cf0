import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../test/fixtures';
import { clearSession, setSession } from '../../../lib/session';
import { hideToast, toastStore } from '../../../lib/toast';
import { resetLaunchCheckinForTests, sendLaunchCheckin } from './post-task-checkin';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetLaunchCheckinForTests();
  clearSession();
  hideToast();
});
afterEach(() => vi.unstubAllGlobals());

describe('launch check-in (spec §4/§7)', () => {
  it('is not sent for a visitor', () => {
    sendLaunchCheckin();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends POST /task/checkin once per launch when signed in', () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'OK', data: null })));
    setSession({ token: 'tok', userInfo: testUser() });
    sendLaunchCheckin();
    sendLaunchCheckin();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/task/checkin');
    expect(init?.method).toBe('POST');
  });

  it('ignores errors silently: no "Network Error" toast, no unhandled rejection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setSession({ token: 'tok', userInfo: testUser() });
    sendLaunchCheckin();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toastStore.get()).toBeNull();
  });
});
