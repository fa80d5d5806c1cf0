import { afterEach, describe, expect, it, vi } from 'vitest';
import { canOpenApp, isNativeShell, onAppUrlOpen, openInSystemBrowser, shareSheet } from './native-shell';

const setCapacitor = (value: unknown) => {
  (globalThis as { Capacitor?: unknown }).Capacitor = value;
};
afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('native shell', () => {
  it('is a browser without window.Capacitor, and then never blocks an app check', async () => {
    expect(isNativeShell()).toBe(false);
    await expect(canOpenApp('fb://')).resolves.toBe(true);
  });

  it('is the shell when Capacitor says it runs natively', () => {
    setCapacitor({ isNativePlatform: () => true });
    expect(isNativeShell()).toBe(true);
    setCapacitor({ isNativePlatform: () => false });
    expect(isNativeShell()).toBe(false);
  });

  it('asks the AppLauncher plugin whether an app is installed', async () => {
    const canOpenUrl = vi.fn(({ url }: { url: string }) => Promise.resolve({ value: url === 'fb://' }));
    setCapacitor({ isNativePlatform: () => true, Plugins: { AppLauncher: { canOpenUrl } } });
    await expect(canOpenApp('fb://')).resolves.toBe(true);
    await expect(canOpenApp('tiktok://')).resolves.toBe(false);
    expect(canOpenUrl).toHaveBeenCalledWith({ url: 'tiktok://' });
  });

  it('does not block when the plugin is missing or fails', async () => {
    setCapacitor({ isNativePlatform: () => true, Plugins: {} });
    await expect(canOpenApp('fb://')).resolves.toBe(true);
    setCapacitor({
      isNativePlatform: () => true,
      Plugins: { AppLauncher: { canOpenUrl: () => Promise.reject(new Error('no')) } },
    });
    await expect(canOpenApp('fb://')).resolves.toBe(true);
  });
});

describe('native shell bridges', () => {
  it('shares through the native sheet inside the shell, telling a closed sheet from a failure', async () => {
    const share = vi.fn(() => Promise.resolve({ activityType: 'com.apple.UIKit.activity.Message' }));
    setCapacitor({ isNativePlatform: () => true, Plugins: { Share: { share } } });
    await expect(shareSheet({ title: 'T', url: 'https://x.test/a' })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'T', url: 'https://x.test/a' });
    share.mockImplementationOnce(() => Promise.reject(new Error('Share canceled')));
    await expect(shareSheet({ url: 'https://x.test/a' })).resolves.toBe('cancelled');
    share.mockImplementationOnce(() => Promise.reject(new Error('boom')));
    await expect(shareSheet({ url: 'https://x.test/a' })).resolves.toBe('failed');
  });

  it('in a browser shares through Web Share, or answers unavailable', async () => {
    await expect(shareSheet({ url: 'https://x.test/a' })).resolves.toBe('unavailable');
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await expect(shareSheet({ url: 'https://x.test/a' })).resolves.toBe('shared');
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('opens other sites in the system browser only inside the shell', () => {
    expect(openInSystemBrowser('https://example.com/')).toBe(false);
    const open = vi.fn(() => Promise.resolve());
    setCapacitor({ isNativePlatform: () => true, Plugins: { Browser: { open, close: vi.fn() } } });
    expect(openInSystemBrowser('https://example.com/')).toBe(true);
    expect(open).toHaveBeenCalledWith({ url: 'https://example.com/' });
  });

  it('hands over the URLs that open the app until unsubscribed', async () => {
    let emit: (event: { url: string }) => void = () => undefined;
    const remove = vi.fn(() => Promise.resolve());
    const addListener = vi.fn((_event: string, listener: (event: { url: string }) => void) => {
      emit = listener;
      return Promise.resolve({ remove });
    });
    setCapacitor({ isNativePlatform: () => true, Plugins: { App: { addListener } } });
    const seen: string[] = [];
    const stop = onAppUrlOpen((url) => seen.push(url));
    await Promise.resolve();
    emit({ url: 'cliffhanger://pages/login/googleLogin?code=c&state=s' });
    expect(seen).toEqual(['cliffhanger://pages/login/googleLogin?code=c&state=s']);
    expect(addListener).toHaveBeenCalledWith('appUrlOpen', expect.any(Function));
    stop();
    expect(remove).toHaveBeenCalled();
  });
});
