/**
 * Where the API lives, without a trailing slash: '' for this page's origin (the browser build,
 * served by the API server itself), else the build's VITE_API_ORIGIN (the iOS shell's build,
 * whose pages come from capacitor://localhost).
 */
export function apiOrigin(): string {
  return (import.meta.env.VITE_API_ORIGIN ?? '').trim().replace(/\/+$/, '');
}
