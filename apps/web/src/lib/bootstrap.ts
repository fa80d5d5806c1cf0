import { BOOTSTRAP_ELEMENT_ID, type AppConfig, type Language, type PageBootstrap } from '@cliffhanger/contract/browser';

let bootstrap: PageBootstrap | null | undefined;

function read(): PageBootstrap | null {
  if (bootstrap !== undefined) return bootstrap;
  bootstrap = null;
  try {
    const element = typeof document === 'undefined' ? null : document.getElementById(BOOTSTRAP_ELEMENT_ID);
    // Written by our own server with the endpoints' schemas: it is not parsed a second time here.
    if (element?.textContent) bootstrap = JSON.parse(element.textContent) as PageBootstrap;
  } catch {
    // A damaged script is as good as none: the page asks the API.
  }
  return bootstrap;
}

type Part = Exclude<keyof PageBootstrap, 'lang'>;

/** One part of the bootstrap, handed out once, and only if `usable` says so. */
function take<K extends Part>(
  part: K,
  usable: (value: NonNullable<PageBootstrap[K]>, data: PageBootstrap) => boolean,
): NonNullable<PageBootstrap[K]> | undefined {
  const data = read();
  const value = data?.[part] as NonNullable<PageBootstrap[K]> | undefined;
  if (!data || value === undefined || !usable(value, data)) return undefined;
  delete data[part];
  return value;
}

/**
 * One part of the bootstrap, handed out once and only in the language asked for: the data
 * describes the page as it was served, so a later visit (or another language) asks the API.
 */
export function takeBootstrap<K extends 'home' | 'drama' | 'playback' | 'nextAd'>(
  part: K,
  lang: Language,
  matches: (value: NonNullable<PageBootstrap[K]>) => boolean = () => true,
): NonNullable<PageBootstrap[K]> | undefined {
  return take(part, (value, data) => data.lang === lang && matches(value));
}

/** The app configuration the page was served with, handed out once: it is the same in every language. */
export function takeBootstrapConfig(): AppConfig | undefined {
  return take('config', () => true);
}

/** Forgets what was read (tests render many pages in one document). */
export function resetBootstrap(): void {
  bootstrap = undefined;
}
