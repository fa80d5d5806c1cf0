import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideToast, showToast } from '../../lib/toast';
import { ToastHost } from './toast-host';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  hideToast();
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a message as a status for 2000 ms', () => {
    render(<ToastHost />);
    act(() => {
      showToast('Network Error');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Network Error');
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Network Error');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a new message replaces the current one and gets its own 2000 ms', () => {
    render(<ToastHost />);
    act(() => {
      showToast('first');
    });
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    act(() => {
      showToast('second');
    });
    expect(screen.getByRole('status')).toHaveTextContent('second');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('second');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
