import { TOAST_DURATION_MS } from '@cliffhanger/contract/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceSessionEnded, announceUnseenSessionEnd } from './session-ended-notice';
import { hideToast, toastStore } from './toast';

const message = (code: number) => `ended ${code}`;

describe('the session-ended notice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    hideToast();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the toast and forgets the notice once the toast has had its time', () => {
    announceSessionEnded(20007, message);
    expect(toastStore.get()?.text).toBe('ended 20007');
    announceUnseenSessionEnd(message);
    expect(toastStore.get()?.text).toBe('ended 20007');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    hideToast();
    announceUnseenSessionEnd(message);
    expect(toastStore.get()).toBeNull();
  });

  it('a page left before the toast had its time: the next start says it again, once', () => {
    announceSessionEnded(20003, message);
    // The page is gone (its timers with it); a new page starts with the same sessionStorage.
    vi.clearAllTimers();
    hideToast();
    announceUnseenSessionEnd(message);
    expect(toastStore.get()?.text).toBe('ended 20003');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    hideToast();
    announceUnseenSessionEnd(message);
    expect(toastStore.get()).toBeNull();
  });

  it('ignores anything but a code in storage', () => {
    sessionStorage.setItem('session_ended_code', '<script>');
    announceUnseenSessionEnd(message);
    expect(toastStore.get()).toBeNull();
  });
});
