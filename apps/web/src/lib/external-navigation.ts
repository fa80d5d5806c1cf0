/** Leaves the app for another site (a sign-in provider). A module of its own so tests can stand in for it. */
export function goToExternalUrl(url: string): void {
  window.location.assign(url);
}
