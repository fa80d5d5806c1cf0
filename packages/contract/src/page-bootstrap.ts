import type { Language } from './constants.js';
import type { AppConfig, DramaDetail, Home, NextAd, Playback } from './endpoints/index.js';

/**
 * The first screen's data the server writes into index.html for a deep link
 * (apps/server/src/plugins/page-bootstrap.ts) and the web reads once (apps/web/src/lib/bootstrap.ts),
 * in a `<script type="application/json" id="bootstrap">`. Each part is the `data` of the API answer
 * it stands for, in the language the server took from the `lang` cookie.
 */
export interface PageBootstrap {
  lang: Language;
  /** GET /app/config: the same for every viewer and language, so every filled-in page carries it. */
  config?: AppConfig;
  home?: Home;
  /** A visitor's GET /dramas/:id. */
  drama?: DramaDetail;
  /** A visitor's GET /episodes/:id/play of the episode the page opens on. */
  playback?: Playback;
  /** The visitor's GET /ads/next?kind=interstitial for that episode: whether an ad plays first. */
  nextAd?: NextAd;
}

export const BOOTSTRAP_ELEMENT_ID = 'bootstrap';

/** Cookies the web writes (apps/web/src/lib/page-hints.ts): the UI language and "has a session". */
export const PAGE_COOKIES = { language: 'lang', signedIn: 'signed_in' } as const;

/**
 * The pages whose first screen the server draws and whose code it preloads with the HTML. The web
 * loads each through one import of this name (apps/web/src/app/server-drawn-pages.ts), its build
 * writes which chunk each became, and the server refuses to start on a build that lacks one
 * (apps/server/src/plugins/page-chunks.ts).
 */
export const SERVER_DRAWN_PAGES = ['home', 'video', 'videoLoader'] as const;
export type ServerDrawnPage = (typeof SERVER_DRAWN_PAGES)[number];
