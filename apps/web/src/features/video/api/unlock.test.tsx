import { renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/ui/toast-host';
import { stubApi } from '../../../test/fake-api';
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

describe('unlockEpisode', () => {
  it('posts one episode or the whole drama to /unlock', async () => {
    const api = stubApi({ 'POST /unlock': { code: 200, data: {} } });
    await unlockEpisode({ episode_id: 103 });
    await unlockEpisode({ drama_id: 7, all: true });
    expect(api.callsTo('POST /unlock').map((call) => call.body)).toEqual([{ episode_id: 103 }, { drama_id: 7, all: true }]);
  });

  it('rejects with the server code and the hook shows it (10002 until the wallet issue: "Unlock Failed")', async () => {
    stubApi();
    await expect(unlockEpisode({ episode_id: 103 })).rejects.toMatchObject({ code: 10002 });
    const { result } = renderHook(() => useUnlock(7), { wrapper: wrapper() });
    await expect(result.current({ episode_id: 103 })).resolves.toBe(false);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Unlock Failed');
  });

  it('shows "Not enough coins" for 30001', async () => {
    stubApi({ 'POST /unlock': { code: 30001 } });
    const { result } = renderHook(() => useUnlock(7), { wrapper: wrapper() });
    await expect(result.current({ drama_id: 7, all: true })).resolves.toBe(false);
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Not enough coins'));
  });

  it('refetches the drama and playback after a purchase', async () => {
    stubApi({ 'POST /unlock': { code: 200, data: {} } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['video', 'drama', 7, 'en'], { stale: false });
    const { result } = renderHook(() => useUnlock(7), { wrapper: wrapper(queryClient) });
    await expect(result.current({ episode_id: 103 })).resolves.toBe(true);
    expect(queryClient.getQueryState(['video', 'drama', 7, 'en'])?.isInvalidated).toBe(true);
  });
});
