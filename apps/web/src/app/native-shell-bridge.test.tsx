import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configFetch, testAppConfig } from '../test/app-config';
import { renderApp } from '../test/render-app';
import { nativePushToken } from '../lib/native-shell';
import { appPathOf, pushPathOf } from './native-shell-bridge';

/**
 * The web app inside the iOS shell, with a fake Capacitor bridge on window (the real one is
 * injected by the native web view): only the plugins these behaviours use.
 */
function fakeShell() {
  const opened: string[] = [];
  let emitUrl: (event: { url: string }) => void = () => undefined;
  (window as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    Plugins: {
      Browser: {
        open: ({ url }: { url: string }) => Promise.resolve(void opened.push(url)),
        close: () => Promise.resolve(),
      },
      App: {
        addListener: (_event: string, listener: (event: { url: string }) => void) => {
          emitUrl = listener;
          return Promise.resolve({ remove: () => Promise.resolve() });
        },
      },
    },
  };
  return { opened, openApp: (url: string) => emitUrl({ url }) };
}

beforeEach(() =>
  vi.stubGlobal('fetch', vi.fn(configFetch(testAppConfig({ ios_app_url: 'https://apps.apple.com/app/id1' })))),
);
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

const tabIds = (container: HTMLElement) =>
  within(container)
    .getAllByTestId(/^tab-item-/)
    .map((item) => item.dataset.testid);

describe('inside the iOS shell', () => {
  it('hides the download item even on a wide screen, and the download page leads home', async () => {
    fakeShell();
    renderApp('/pages/download/index', { width: 1280 });
    const sidebar = await screen.findByTestId('sidebar');
    await waitFor(() => expect(screen.getByTestId('tab-item-home')).toHaveAttribute('aria-current', 'page'));
    expect(tabIds(sidebar)).toEqual(['tab-item-home', 'tab-item-list', 'tab-item-rewards', 'tab-item-me']);
    expect(document.documentElement).toHaveClass('native-shell');
  });

  it('opens a link to another site in the system browser, not in the app', async () => {
    const shell = fakeShell();
    renderApp('/pages/index/index');
    await screen.findByTestId('tab-bar');
    const link = document.createElement('a');
    link.href = 'https://example.com/help';
    link.textContent = 'help';
    document.body.append(link);
    try {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      expect(shell.opened).toEqual(['https://example.com/help']);
    } finally {
      link.remove();
    }
  });

  it('routes the OAuth return URL to the callback page', async () => {
    const shell = fakeShell();
    renderApp('/pages/login/index');
    await screen.findByTestId('page');
    shell.openApp('cliffhanger://pages/login/googleLogin?error=access_denied');
    expect(await screen.findByTestId('oauth-callback')).toBeInTheDocument();
  });
});

describe('in a browser', () => {
  it('keeps the download item on a wide screen and leaves links alone', async () => {
    renderApp('/pages/index/index', { width: 1280 });
    const sidebar = await screen.findByTestId('sidebar');
    expect(tabIds(sidebar)).toContain('tab-item-download');
    expect(document.documentElement).not.toHaveClass('native-shell');
  });
});

describe('appPathOf', () => {
  it('answers the in-app path of an OAuth return URL and nothing else', () => {
    expect(appPathOf('cliffhanger://pages/login/googleLogin?code=c&state=s')).toBe(
      '/pages/login/googleLogin?code=c&state=s',
    );
    expect(appPathOf('cliffhanger:///pages/login/tiktokLogin?code=c')).toBe('/pages/login/tiktokLogin?code=c');
    expect(appPathOf('cliffhanger://pages/user/index')).toBeNull();
    expect(appPathOf('https://evil.test/pages/login/googleLogin')).toBeNull();
    expect(appPathOf('not a url')).toBeNull();
  });
});

describe('push notifications in the iOS shell', () => {
  function fakePushShell(answer: 'granted' | 'denied') {
    const listeners = new Map<string, (value: unknown) => void>();
    (window as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: {
        PushNotifications: {
          requestPermissions: () => Promise.resolve({ receive: answer }),
          register: () => {
            listeners.get('registration')?.({ value: 'ab'.repeat(32) });
            return Promise.resolve();
          },
          addListener: (event: string, listener: (value: unknown) => void) => {
            listeners.set(event, listener);
            return Promise.resolve({ remove: () => Promise.resolve() });
          },
        },
      },
    };
    return listeners;
  }

  it('answers the APNs token once the viewer allows notifications, and says so when they refuse', async () => {
    fakePushShell('granted');
    await expect(nativePushToken()).resolves.toEqual({ token: 'ab'.repeat(32) });
    fakePushShell('denied');
    await expect(nativePushToken()).resolves.toBe('denied');
  });

  it('is unavailable in a browser', async () => {
    await expect(nativePushToken()).resolves.toBe('unavailable');
  });

  it('opens only paths of this app from a tapped notification', () => {
    expect(pushPathOf('/pages/user/vip')).toBe('/pages/user/vip');
    expect(pushPathOf('https://evil.example/')).toBeNull();
    expect(pushPathOf('//evil.example/')).toBeNull();
    expect(pushPathOf(undefined)).toBeNull();
  });
});
