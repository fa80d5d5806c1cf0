import { afterEach, describe, expect, it, vi } from 'vitest';
import { canOpenApp, isNativeShell } from './native-shell';

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
