import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineNotice', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows while the network is gone and goes once it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});
