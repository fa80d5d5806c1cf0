import { PAGE_COOKIES } from '@cliffhanger/contract/browser';
import { i18n } from './i18n';
import { isSignedIn, subscribeSession } from './session';

/**
 * Two cookies that let the server write a page's first screen into index.html
 * (apps/server/src/plugins/page-bootstrap.ts): `lang`, the UI language the web asks the API in
 * (the server cannot read local storage), and `signed_in=1` while a session is stored, so a
 * signed-in viewer's page is not given, nor counted a play for, a visitor's answers. Neither is a
 * credential: a wrong value only costs the page a round trip, as the web checks both again.
 */
const YEAR_S = 365 * 24 * 60 * 60;

function setCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}

function writeLanguage(): void {
  setCookie(PAGE_COOKIES.language, i18n.language);
}

function writeSignedIn(): void {
  setCookie(PAGE_COOKIES.signedIn, isSignedIn() ? '1' : null);
}

/** Writes both now and whenever the language or the session changes. */
export function startPageHints(): void {
  writeLanguage();
  writeSignedIn();
  i18n.onLanguageChanged(writeLanguage);
  subscribeSession(writeSignedIn);
}
