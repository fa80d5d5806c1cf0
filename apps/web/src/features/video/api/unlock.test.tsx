import { renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/ui/toast-host';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, setSession } from '../../../lib/session';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { unlockEpisode, useUnlock } from './unlock';

function wrapper(queryClient = testQueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}

const result = (balance: number, cost: number, ids: number[] = [103]) => ({
  unlocked_episode_ids: ids,
  cost,
  balance,
});

describe('unlockEpisode', () => {
  it('posts one episode or the whole drama to /unlock and returns the new balance', async () => {
    const api = stubApi({ 'POST /unlock': { code: 200, data: result(90, 30) } });
    await expect(unlockEpisode({ episode_id: 103 })).resolves.toEqual(result(90, 30));
    await unlockEpisode({ drama_id: 7, all: true });
    expect(api.callsTo('POST /unlock').map((call) => call.body)).toEqual([
      { episode_id: 103 },
      { drama_id: 7, all: true },
    ]);
  });
});

describe('useUnlock', () => {
  it('on success stores the balance, marks the wallet stale and refetches the drama and playback', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    const api = stubApi({ 'POST /unlock': { code: 200, data: result(90, 30) } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['video', 'drama', 7, 'en'], { stale: false });
    queryClient.setQueryData([...WALLET_QUERY_KEY, 'all'], { pages: [], pageParams: [] });
    queryClient.setQueryData(['video', 'playback', 103, 'en'], { locked: true });
    const { result: hook } = renderHook(() => useUnlock(7), { wrapper: wrapper(queryClient) });

    await expect(hook.current({ episode_id: 103 })).resolves.toEqual({ ok: true, result: result(90, 30) });
    expect(api.callsTo('POST /unlock')).toHaveLength(1);
    expect(getSession().userInfo?.coin).toBe(90);
    expect(queryClient.getQueryState(['video', 'drama', 7, 'en'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...WALLET_QUERY_KEY, 'all'])?.isInvalidated).toBe(true);
    // Reset to its initial state: the locked answer (or old playlist) is gone until refetched.
    expect(queryClient.getQueryState(['video', 'playback', 103, 'en'])?.data).toBeUndefined();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('counts 10019 (already owned) as success', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    stubApi({ 'POST /unlock': { code: 10019, data: result(120, 0, []) } });
    const { result: hook } = renderHook(() => useUnlock(7), { wrapper: wrapper() });
    await expect(hook.current({ episode_id: 103 })).resolves.toMatchObject({ ok: true });
    expect(getSession().userInfo?.coin).toBe(120);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('answers 30001 with the shortfall for the dialog, without a toast, and follows the balance it reports', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    stubApi({ 'POST /unlock': { code: 30001, data: { shortfall: 10, balance: 40, cost: 50 } } });
    const { result: hook } = renderHook(() => useUnlock(7), { wrapper: wrapper() });
    await expect(hook.current({ drama_id: 7, all: true })).resolves.toEqual({
      ok: false,
      insufficient: { shortfall: 10, balance: 40, cost: 50 },
    });
    expect(getSession().userInfo?.coin).toBe(40);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('toasts "Unlock Failed" for any other refusal and changes nothing', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    stubApi({ 'POST /unlock': { code: 30003 } });
    const { result: hook } = renderHook(() => useUnlock(7), { wrapper: wrapper() });
    await expect(hook.current({ episode_id: 103 })).resolves.toEqual({ ok: false, insufficient: null });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Unlock Failed');
    expect(getSession().userInfo?.coin).toBe(120);
  });

  it('leaves a transport failure to the client\'s "Network Error" toast', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    stubApi({ 'POST /unlock': { networkError: true } });
    const { result: hook } = renderHook(() => useUnlock(7), { wrapper: wrapper() });
    await expect(hook.current({ episode_id: 103 })).resolves.toMatchObject({ ok: false });
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').map((toast) => toast.textContent)).toEqual(['Network Error']),
    );
  });
});
