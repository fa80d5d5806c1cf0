import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTWORK_SIZES,
  artworkSrcSet,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  getAppConfig,
  getNextAd,
  playEpisode,
  type DramaDetail,
  type Home,
  type Language,
  BOOTSTRAP_ELEMENT_ID,
  PAGE_COOKIES,
  type PageBootstrap,
} from '@cliffhanger/contract';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../http/signed-in.js';
import { readText } from '../media/media-delivery.service.js';
import { splitTokenedUrl } from '../media/signing/media-token-url.js';
import type { AppInstance } from '../app-instance.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import { adViewerOf } from '../services/ads/ads.service.js';
import type { Manifest, PageChunks } from './page-chunks.js';
import { escapeAttribute, homeStage, posterStage } from './page-stages.js';

/**
 * The first screen's data and downloads, written into index.html for a deep link, so a cold load of the video
 * page or home needs no API round trip before it can show something (docs/architecture.md#delivery). The web
 * reads it once (apps/web/src/lib/bootstrap.ts) and asks the API as usual for anything missing, for another
 * language or for a signed-in viewer.
 */

/** The web's page paths the server fills in (apps/web/src/lib/paths.ts). */
const HOME_PATHS = new Set(['/', '/pages/index/index']);
const PHONE_VIDEO_PATH = '/pages/video/mobileVideoIndex';
const VIDEO_PATHS = new Set([PHONE_VIDEO_PATH, '/pages/video/index']);
/** The web's mount point in index.html; React replaces whatever the server put in it. */
const EMPTY_ROOT = '<div id="root"></div>';
/** index.html's title: what the first screen is drawn with goes right after it, before the scripts. */
const TITLE = '<title>Cliffhanger</title>';

/** The UI catalogue of a language: a JSON file the web fetches (apps/web/src/lib/catalogues.ts). */
const catalogueModule = (lang: Language) => `src/locales/${lang}.json`;

/** The files a page's chunk needs besides those index.html already loads. */
interface PageFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The entry's two dynamic imports. `boot`, the app's start: what the entry imports once the first
 * screen has painted (apps/web/src/main.tsx); the build groups it with the modules it imports into
 * the chunk named `boot` (apps/web/vite.config.ts), so the manifest knows it by that chunk, not by
 * its module. `earlyPlayer`, the other one: the early player with hls.js, a video page's alone.
 */
function entryImports(manifest: Manifest): { boot: string[]; earlyPlayer: string[] } {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const imports = entry?.dynamicImports ?? [];
  const isBoot = (key: string) => manifest[key]?.name === 'boot';
  return { boot: imports.filter(isBoot), earlyPlayer: imports.filter((key) => !isBoot(key)) };
}

/** A chunk and everything it imports statically, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((k) => closure(manifest, k, seen))];
}

/**
 * The files modules need besides those index.html already loads: the entry's own, and with
 * `after`, those of modules listed before them (the app's start, then the page).
 */
function pageFiles(manifest: Manifest, modules: string[], after: string[] = []): PageFiles {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set([
    ...(entry ? closure(manifest, entry) : []),
    ...after.flatMap((key) => closure(manifest, key)),
  ]);
  const chunks = [...new Set(modules.flatMap((module) => closure(manifest, module)))].filter((key) => !loaded.has(key));
  return {
    scripts: chunks.map((key) => `/${manifest[key]!.file}`),
    styles: chunks.flatMap((key) => (manifest[key]!.css ?? []).map((file) => `/${file}`)),
  };
}

/**
 * JSON inside `<script type="application/json">`: the browser never runs it (so the CSP allows
 * it), and with every `<` written as `\u003c` no text from the catalogue can close the element.
 * U+2028/2029 are escaped too, for anyone who ever pastes it into a script.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The language the web will ask the API in: the choice it stored (mirrored in the `lang` cookie),
 * else its default. Not the browser's Accept-Language: the web sends its own UI language, and with
 * nothing stored that is English (apps/web/src/lib/language.ts).
 */
function pageLanguage(cookieHeader: string | undefined): Language {
  const value = cookieOf(cookieHeader, PAGE_COOKIES.language);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

function idFrom(raw: string | null): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** The `data` of a prepared envelope, parsed once per cached answer. */
const parsedAnswers = new WeakMap<PreparedAnswer, unknown>();
function dataOf<T>(answer: PreparedAnswer): T {
  if (!parsedAnswers.has(answer)) {
    parsedAnswers.set(answer, (JSON.parse(answer.identity.toString('utf8')) as { data: unknown }).data);
  }
  return parsedAnswers.get(answer) as T;
}

/** What the server adds to index.html for one request. */
interface PageHead {
  data: PageBootstrap;
  /** `<link>` elements for the head. */
  links: string[];
  /**
   * What the first screen is drawn with (its image, the stylesheets of its stage): requested ahead
   * of every script, so on a slow line it arrives and paints first instead of sharing the line
   * with the code behind it.
   */
  first?: string[];
  /** Markup shown in the web's root until its first render replaces it. */
  stage?: string | undefined;
}

/**
 * The first screen's largest image, fetched ahead of the scripts. For artwork with WebP copies the
 * preload offers the same srcset and sizes as the page's `<source>` (ARTWORK_SIZES), so the
 * browser picks the same copy and reuses it; `type` keeps a browser without WebP from fetching it.
 */
export function artworkPreload(url: string, sizes: string): string {
  const srcSet = artworkSrcSet(url);
  const choice = srcSet
    ? ` type="image/webp" imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}"`
    : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(url)}"${choice}>`;
}

/** `<link>` elements with these attributes, one per href. */
const link = (attributes: string) => (href: string) => `<link ${attributes} href="${escapeAttribute(href)}">`;
/** as=fetch with crossorigin: the same request as the web's own same-origin fetch(). */
const fetchPreload = link('rel="preload" as="fetch" crossorigin');
/**
 * A preload the browser may fetch after the high-priority ones: Chromium gives a host's six
 * HTTP/1.1 connections to waiting requests in priority order, so the player's code and the media
 * are not queued behind (and do not share the server with) the app's dozen files.
 */
const lowPriority = (line: string) => line.replace(' href=', ' fetchpriority="low" href=');

/** Stored playlists are few and small, and change only with the catalogue. */
const PLAYLIST_CACHE_MAX = 500;

export interface PageShell {
  /** index.html with this request's bootstrap, or null to send the file as built. */
  render(request: FastifyRequest): Promise<string | null>;
}

/**
 * Reads index.html once and works out each page's files from the build's chunks (read at startup,
 * page-chunks.ts); `render` fills in one request's first screen.
 */
export function createPageShell(app: AppInstance, distDir: string, chunks: PageChunks): PageShell {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const { manifest, pages } = chunks;
  const { boot, earlyPlayer } = entryImports(manifest);
  const bootFiles = pageFiles(manifest, boot);
  const homeFiles = pageFiles(manifest, [pages.home], boot);
  const videoFiles = pageFiles(manifest, [pages.videoLoader, pages.video], boot);
  const earlyPlayerFiles = pageFiles(manifest, earlyPlayer);
  const { catalog, playback, ads, media, mediaDelivery, catalogChanges } = app.services;
  const mediaBaseUrl = app.config.mediaBaseUrl;
  // Without it the app's start asks GET /app/config, and the page renders again when it answers.
  const config = getAppConfig.data.encode(app.services.appConfig.getAppConfig());
  const productName = app.config.appName;

  const playlists = new Map<string, Promise<string | null>>();
  catalogChanges.subscribe(() => playlists.clear());
  const storedPlaylist = (path: string): Promise<string | null> => {
    let text = playlists.get(path);
    if (!text) {
      if (playlists.size >= PLAYLIST_CACHE_MAX) playlists.clear();
      text = media
        .get(path)
        .then((object) => (object ? readText(object) : null))
        .catch(() => null);
      playlists.set(path, text);
    }
    return text;
  };

  /**
   * The variant playlist and first segment hls.js fetches after the master: its relative URIs
   * resolved against the master's tokened URL, so the browser's preload is the very request the
   * player makes. hls.js starts on the first variant listed.
   */
  async function firstMediaUrls(masterUrl: string): Promise<string[]> {
    const master = splitTokenedUrl(masterUrl, mediaBaseUrl);
    if (master === null) return [];
    const firstPath = async (playlistPath: string) => {
      const text = await storedPlaylist(playlistPath);
      return text === null ? undefined : mediaDelivery.playlistPaths(text, playlistPath)[0];
    };
    const variantPath = await firstPath(master.path);
    if (variantPath === undefined) return [];
    const segmentPath = await firstPath(variantPath);
    return [variantPath, ...(segmentPath === undefined ? [] : [segmentPath])].map((path) => master.prefix + path);
  }

  const modulePreloads = (files: PageFiles) => files.scripts.map(link('rel="modulepreload" crossorigin'));
  // crossorigin as on the stylesheet links the chunks insert, or the preload is not reused.
  const stylePreloads = (files: PageFiles) => files.styles.map(link('rel="preload" as="style" crossorigin'));
  /**
   * A stage drawn in the app's own classes needs their stylesheets applied from the start; the
   * chunks, finding them linked, do not link them again.
   */
  const stylesheets = (styles: string[]) => styles.map(link('rel="stylesheet" crossorigin'));
  /**
   * Home's stage is drawn in the classes of the app's frame, of the home page and of the shared
   * components it uses (the banner's carousel): all of home's sheets, a few kilobytes. Which sheet
   * holds a class is the bundler's choice.
   */
  const homeStageStyles = [...bootFiles.styles, ...homeFiles.styles];

  /**
   * The first render waits for the catalogue of the UI language (apps/web/src/app/boot.tsx); without
   * this it would be requested only once the entry has run, a round trip on every cold start.
   */
  const catalogueFiles = new Map(
    LANGUAGES.map((lang) => {
      const file = manifest[catalogueModule(lang)]?.file;
      return [lang, file ? [fetchPreload(`/${file}`)] : []];
    }),
  );
  const pagePreloads = (lang: Language, files: PageFiles) => [
    ...(catalogueFiles.get(lang) ?? []),
    ...modulePreloads(bootFiles),
    ...modulePreloads(files),
  ];

  async function homeHead(lang: Language): Promise<PageHead> {
    const home = dataOf<Home>(await catalog.homeAnswer(lang));
    const banner = home.banners[0]?.image;
    return {
      data: { lang, home },
      first: [...(banner ? [artworkPreload(banner, ARTWORK_SIZES.banner)] : []), ...stylesheets(homeStageStyles)],
      links: pagePreloads(lang, homeFiles),
      stage: homeStage(home, productName),
    };
  }

  async function videoHead(
    request: FastifyRequest,
    path: string,
    params: URLSearchParams,
    lang: Language,
  ): Promise<PageHead | null> {
    const links = [...pagePreloads(lang, videoFiles), ...stylePreloads(bootFiles), ...stylePreloads(videoFiles)];
    const dramaId = idFrom(params.get('drama_id')) ?? idFrom(params.get('id'));
    const drama =
      dramaId === null
        ? null
        : await catalog
            .visitorDramaAnswer(dramaId, lang)
            .then((answer) => dataOf<DramaDetail>(answer))
            .catch(() => null); // an unknown drama: the page asks and shows its own message
    if (!drama) return { data: { lang }, links };
    // The poster is public and the same for everyone; only the phone page is a player on black.
    const phone = path === PHONE_VIDEO_PATH;
    const stage = phone ? posterStage(drama) : undefined;
    const poster = stage ? [artworkPreload(drama.poster, ARTWORK_SIZES.stage)] : [];
    // A signed-in viewer's drama and playback carry their own locks, progress and likes: their
    // web asks the API with their token. Only the page's code and the poster are worth sending.
    if (cookieOf(request.headers.cookie, PAGE_COOKIES.signedIn) === '1') {
      return { data: { lang }, first: poster, links, stage };
    }

    // A visitor has no progress: the episode asked for, else the first (video-params.ts).
    const episodeId = idFrom(params.get('episode_id')) ?? drama.episodes[0]?.id ?? null;
    const summary = drama.episodes.find((episode) => episode.id === episodeId);
    // Only what the play API would hand this visitor: a locked episode's URLs never leave the
    // server, here or there (play() refuses it as well). The play counts as the API's would.
    const play =
      summary && !summary.locked
        ? await playback.play(summary.id, null, clientOf(request), lang).catch(() => null)
        : null;
    if (!play) return { data: { lang, drama }, first: poster, links, stage };
    // A playlist that cannot be read or signed here only costs the preload; the player will say.
    // Whether an ad plays first is asked here too (it counts the start, as the API would), so the
    // page need not ask before it plays. One that fails is left to the page to ask.
    const [mediaUrls, nextAd] = await Promise.all([
      firstMediaUrls(play.playlist_url).catch(() => []),
      ads
        .next(adViewerOf(null, clientOf(request)), { kind: 'interstitial', episode_id: play.episode.id }, lang)
        .then((answer) => getNextAd.data.encode(answer))
        .catch(() => undefined),
    ]);
    // On the phone page the entry starts the player before the app (main.tsx): its code is asked
    // for right after the media, not behind the app's dozen files on six connections. When it
    // plays at once, the app's files also wait at low priority (a cold load had the player's code
    // in at 176 ms instead of 235); with an ad first, or no decision, the app plays the ad, so its
    // files are the page's first need.
    const playerFirst = phone ? modulePreloads(earlyPlayerFiles) : [];
    const playsAtOnce = phone && nextAd?.ad === null;
    const appLinks = links.filter((line) => !playerFirst.includes(line));
    return {
      data: { lang, drama, playback: playEpisode.data.encode(play), nextAd },
      first: poster,
      links: [
        ...[play.playlist_url, ...mediaUrls].map(fetchPreload),
        ...playerFirst,
        ...(playsAtOnce ? appLinks.map(lowPriority) : appLinks),
      ],
      // Asked for interstitials only, any ad in the answer plays first; an unknown decision (the
      // ask failed) is the page's to make, so the entry then only loads.
      stage: phone
        ? posterStage(drama, { id: play.episode.id, playlistUrl: play.playlist_url, preroll: !playsAtOnce })
        : undefined,
    };
  }

  return {
    async render(request) {
      const url = new URL(request.url, 'http://page');
      const path = url.pathname.replace(/(.)\/+$/, '$1');
      const lang = pageLanguage(request.headers.cookie);
      const head = HOME_PATHS.has(path)
        ? await homeHead(lang).catch(() => null)
        : VIDEO_PATHS.has(path)
          ? await videoHead(request, path, url.searchParams, lang)
          : null;
      if (!head) return null;
      const data: PageBootstrap = { ...head.data, config };
      const script = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptJson(data)}</script>`;
      const page = html
        .replace(TITLE, `${TITLE}\n${(head.first ?? []).join('\n')}`)
        .replace('</head>', `${[...head.links, script].join('\n')}\n</head>`);
      return head.stage ? page.replace(EMPTY_ROOT, `<div id="root">${head.stage}</div>`) : page;
    },
  };
}
