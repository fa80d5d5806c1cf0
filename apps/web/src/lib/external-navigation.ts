import { openInSystemBrowser } from './native-shell';

/**
 * Leaves the app for another site (a sign-in provider): inside the iOS shell in the system
 * browser (providers refuse sign-in inside an app's web view), else in this tab. A module of its
 * own so tests can stand in for it.
 */
export function goToExternalUrl(url: string): void {
  if (openInSystemBrowser(url)) return;
  window.location.assign(url);
}
