import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  closeSystemBrowser,
  isNativeShell,
  onAppUrlOpen,
  onNativePushOpened,
  openInSystemBrowser,
} from '../lib/native-shell';
import { PATHS } from '../lib/paths';

/** Where a URL opening the app may lead: the OAuth callback pages, nothing else. */
const APP_URL_PATHS: ReadonlySet<string> = new Set([PATHS.googleLogin, PATHS.facebookLogin, PATHS.tiktokLogin]);

/**
 * The in-app path of a URL that opened the app (`cliffhanger://pages/login/googleLogin?code=…`
 * or with three slashes), or null when it leads nowhere the app goes.
 */
export function appPathOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return null;
  // A custom scheme's "host" is the first path segment when written with two slashes.
  const path = `/${`${parsed.host}${parsed.pathname}`.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return APP_URL_PATHS.has(path) ? `${path}${parsed.search}` : null;
}

/** The page a tapped notification opens: a path of this app (never another site), or null. */
export function pushPathOf(url: unknown): string | null {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** A link that leaves this site, or null. */
function externalHref(target: EventTarget | null): string | null {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === window.location.origin ? null : url.href;
}

/**
 * What only the iOS shell needs from the web app: a class on <html> for the safe-area CSS, other
 * sites opened in the system browser (the shell's web view must stay on the app; a page left
 * there has no way back), URLs opening the app routed in (an OAuth sign-in ends there), and a
 * tapped notification's page opened (docs/notifications.md).
 * In a browser it does nothing.
 */
export function NativeShellBridge() {
  const navigate = useNavigate();

  useEffect(() => {
    if (!isNativeShell()) return;
    const root = document.documentElement;
    root.classList.add('native-shell');
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const href = externalHref(event.target);
      if (href && openInSystemBrowser(href)) event.preventDefault();
    };
    document.addEventListener('click', onClick);
    const stopUrls = onAppUrlOpen((url) => {
      const path = appPathOf(url);
      if (!path) return;
      closeSystemBrowser();
      void navigate(path, { replace: true });
    });
    const stopPushes = onNativePushOpened((url) => {
      const path = pushPathOf(url);
      if (path) void navigate(path);
    });
    return () => {
      root.classList.remove('native-shell');
      document.removeEventListener('click', onClick);
      stopUrls();
      stopPushes();
    };
  }, [navigate]);

  return null;
}
