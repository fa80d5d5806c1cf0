/**
 * Where the API lives, without a trailing slash: '' for this page's origin (the browser build,
 * served by the API server itself), else the build's VITE_API_ORIGIN (the iOS shell's build,
 * whose pages come from capacitor://localhost).
 */
export function apiOrigin(): string {
  return (import.meta.env.VITE_API_ORIGIN ?? '').trim().replace(/\/+$/, '');
}

/**
 * The origin of links meant for other people (shares, invites, the web app's QR code): the site
 * that serves both the API and the web app. Inside the iOS shell the page's own origin is
 * capacitor://localhost, which opens nothing anywhere else.
 */
export function publicOrigin(): string {
  return apiOrigin() || window.location.origin;
}
