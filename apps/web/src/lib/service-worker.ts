import { isNativeShell } from './native-shell';

/** The worker's script (apps/web/src/build/service-worker-build.ts writes it at the build's root). */
const SCRIPT = '/sw.js';

interface RegisterOptions {
  /** A production build: the dev server and Vitest have no /sw.js. */
  production: boolean;
  /** The iOS shell serves the app from its own bundle (capacitor://), where no worker may register. */
  nativeShell: boolean;
  container: ServiceWorkerContainer | undefined;
}

/**
 * Registers the app shell's service worker once the page has loaded, so its install (it fetches
 * every file of the build) never competes with the first screen for the network. A failed
 * registration leaves the app as it was: it works online without the worker.
 */
export function registerServiceWorker(
  options: RegisterOptions = {
    production: import.meta.env.PROD,
    nativeShell: isNativeShell(),
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  },
): boolean {
  const { production, nativeShell, container } = options;
  if (!production || nativeShell || !container) return false;
  const register = () => void container.register(SCRIPT, { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  return true;
}
