import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig, DramaDetail, Home, NextAd, Playback } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkPreload, scriptJson } from '../src/plugins/page-bootstrap.js';
import { readPageChunks } from '../src/plugins/page-chunks.js';
import { posterStage } from '../src/plugins/page-stages.js';
import { envelope } from './helpers/accounts.js';
import { seedDrama, type SeededDrama } from './helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * What a Vite build leaves: index.html loading the entry, the manifest naming every chunk, and the
 * page map naming the chunk of each page the server draws (PAGE_MAP). The pages' modules are named
 * unlike the web's own on purpose: the server finds a page by the map, never by its source file.
 */
const INDEX_HTML =
  '<!doctype html><html><head><title>Cliffhanger</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/i18n-I1.js">' +
  '</head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_i18n-I1.js'],
    // The app's start, grouped with its modules by the build: known by its chunk, not its module.
    // The early player (with hls.js) is imported by the entry too, for a video page's stage only.
    dynamicImports: ['_early-player-H1.js', '_boot-B1.js'],
    css: ['assets/index-C1.css'],
  },
  '_i18n-I1.js': { file: 'assets/i18n-I1.js' },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_boot-B1.js': {
    file: 'assets/boot-B1.js',
    name: 'boot',
    imports: ['index.html', '_i18n-I1.js', '_react-R1.js'],
    css: ['assets/boot-B1.css'],
  },
  '_early-player-H1.js': { file: 'assets/early-player-H1.js', name: 'early-player' },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['_i18n-I1.js'] },
  'src/features/video/load-video.ts': {
    file: 'assets/video-page-loader-L1.js',
    isDynamicEntry: true,
    imports: ['_shared-S1.js', '_video-keys-K1.js'],
  },
  '_video-keys-K1.js': { file: 'assets/video-keys-K1.js' },
  'src/features/video/pages/player-page.tsx': {
    file: 'assets/video-page-V1.js',
    isDynamicEntry: true,
    imports: ['_i18n-I1.js', 'index.html', '_early-player-H1.js', '_shared-S1.js'],
    css: ['assets/video-page-V1.css'],
  },
  'src/locales/en.json': { file: 'assets/en-L1.json', src: 'src/locales/en.json' },
  'src/locales/zh.json': { file: 'assets/zh-L1.json', src: 'src/locales/zh.json' },
  'src/locales/tr.json': { file: 'assets/tr-L1.json', src: 'src/locales/tr.json' },
  'src/features/home/pages/front-page.tsx': {
    file: 'assets/home-page-P1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-S1.js', '_card-D1.js'],
    css: ['assets/home-page-P1.css'],
  },
  '_card-D1.js': { file: 'assets/card-D1.js', css: ['assets/card-D1.css'] },
};
/** `.vite/pages.json`, as the web build writes it (apps/web/src/build/page-chunk-map.ts). */
const PAGE_MAP: Record<string, string> = {
  home: 'assets/home-page-P1.js',
  video: 'assets/video-page-V1.js',
  videoLoader: 'assets/video-page-loader-L1.js',
};

/** A build in a new folder, with this page map (none when undefined). */
function writeDist(pageMap: Record<string, string> | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-dist-'));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (pageMap) writeFileSync(join(dir, '.vite', 'pages.json'), JSON.stringify(pageMap));
  return dir;
}

const HOSTILE_TITLE = '</script><script>alert(1)</script><!-- \u2028';

let t: TestApp;
let dist: string;
let free: SeededDrama;
let paid: SeededDrama;

beforeAll(async () => {
  dist = writeDist(PAGE_MAP);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  free = await seedDrama(t.app, {
    episodes: 3,
    freeEpisodes: 1,
    hits: 10,
    bannerRank: 1,
    title: { en: HOSTILE_TITLE, zh: '夜嫁', tr: 'Gecenin Gelini' },
  });
  paid = await seedDrama(t.app, { episodes: 2, freeEpisodes: 0 });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'bootstrap-test', ...headers } });

interface Bootstrap {
  lang: string;
  config?: AppConfig;
  home?: Home;
  drama?: DramaDetail;
  playback?: Playback;
  nextAd?: NextAd;
}

function bootstrapOf(html: string): Bootstrap {
  const match = /<script type="application\/json" id="bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no bootstrap script in the page');
  return JSON.parse(match[1]) as Bootstrap;
}

const videoUrl = (dramaId: number, episodeId?: number) =>
  `/pages/video/mobileVideoIndex?drama_id=${dramaId}${episodeId === undefined ? '' : `&episode_id=${episodeId}`}`;

describe('home served with its first screen', () => {
  it.each(['/', '/pages/index/index'])(
    '%s carries the /home answer, the first banner and the home chunk',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const api = envelope<Home>(await t.app.inject({ method: 'GET', url: '/api/v1/home?lang=en' })).data;
      const data = bootstrapOf(res.body);
      expect(data.lang).toBe('en');
      expect(data.home).toEqual(api);
      const banner = api.banners[0]?.image ?? '';
      expect(banner).toContain('/media/banners/');
      expect(res.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${banner}">`);
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-P1.js">');
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-S1.js">');
      // The app's start (the entry imports it once the stage has painted) and the page's code.
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-B1.js">');
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-R1.js">');
      // The stage is drawn in the classes of the app's frame, the home page and the shared
      // components it uses: all those sheets apply at once.
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/boot-B1.css">');
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/home-page-P1.css">');
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/card-D1.css">');
      expect(res.body).not.toContain('as="style"');
      // The first render waits for the UI catalogue: only the one of the page's language.
      expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/en-L1.json">');
      expect(res.body).not.toMatch(/(zh|tr)-L1\.json/);
      // What index.html loads already is not announced twice; the video page's code not at all.
      expect(res.body.match(/i18n-I1\.js/g)).toHaveLength(1);
      expect(res.body).not.toContain('video-page-V1');
      expect(res.body).not.toContain('early-player-H1');
      expect(res.body).not.toContain('video-page-loader');
    },
  );

  it("draws home's top in the root until the web renders: the bar, the search frame, the first banner", async () => {
    const res = await page('/');
    const root = /<div id="root">([^]*)<\/div>\s*<\/body>/.exec(res.body)?.[1] ?? '';
    const banner = envelope<Home>(await t.app.inject({ method: 'GET', url: '/api/v1/home?lang=en' })).data.banners[0]!;
    expect(root).toContain('data-boot-stage');
    expect(root).toContain('class="home-bar__name">Cliffhanger<');
    expect(root).toContain(`<img src="${banner.image}" class="ui-carousel__img"`);
    // The banner's title is catalogue text: escaped, it cannot open an element.
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Nothing to type into: the web's search box replaces a frame, and nothing typed is lost.
    expect(root).not.toMatch(/<(input|form|a|button)\b/);
    // What it is drawn with comes before the scripts.
    const order = ['as="image"', 'boot-B1.css', 'home-page-P1.css', '<script type="module"'].map((s) =>
      res.body.indexOf(s),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('speaks the language of the lang cookie the web writes, not the browser header', async () => {
    const zh = bootstrapOf((await page('/', { cookie: 'x=1; lang=zh' })).body);
    expect(zh.lang).toBe('zh');
    expect(zh.home?.banners[0]?.title).toBe('夜嫁');
    // With nothing stored the web asks in English, whatever the browser prefers.
    expect(bootstrapOf((await page('/', { 'accept-language': 'tr-TR' })).body).lang).toBe('en');
    expect(bootstrapOf((await page('/', { cookie: 'lang=xx' })).body).lang).toBe('en');
  });
});

describe('video deep link served with its first screen', () => {
  it("carries a visitor's drama and the first episode's playback, with preloads", async () => {
    const res = await page(videoUrl(free.drama.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const data = bootstrapOf(res.body);
    const drama = envelope<DramaDetail>(await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${free.drama.id}` }));
    expect(data.drama).toEqual(drama.data);
    const first = free.episodes[0]!;
    const api = envelope<Playback>(
      await t.app.inject({ method: 'GET', url: `/api/v1/episodes/${first.id}/play`, headers: { 'user-agent': 'x' } }),
    ).data;
    // The same answer as the play API's, down to the tokens' lifetime.
    const { playlist_url, download_url: _d, subtitles, expires_at, ...rest } = data.playback!;
    const { playlist_url: _p, download_url: _d2, subtitles: apiSubtitles, expires_at: apiExpiry, ...apiRest } = api;
    expect(rest).toEqual(apiRest);
    expect(subtitles.map((s) => s.lang)).toEqual(apiSubtitles.map((s) => s.lang));
    expect(Math.abs(Date.parse(expires_at) - Date.parse(apiExpiry))).toBeLessThan(5_000);
    expect(data.playback?.episode.id).toBe(first.id);

    // The inlined URL plays.
    const master = await t.app.inject({ method: 'GET', url: playlist_url });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');

    // The master, and the variant and segment hls.js asks for next, resolved against the master's
    // and the variant's URLs as the player does (so the preloads are the player's own requests).
    const resolve = (body: string, base: string) =>
      new URL(
        body.split('\n').find((line) => line !== '' && !line.startsWith('#'))!,
        `http://x${base}`,
      ).pathname;
    const variantUrl = resolve(master.body, playlist_url);
    const variant = await t.app.inject({ method: 'GET', url: variantUrl });
    expect(variant.statusCode).toBe(200);
    const segmentUrl = resolve(variant.body, variantUrl);
    expect((await t.app.inject({ method: 'GET', url: segmentUrl })).body).toBe('HD-SEGMENT-0');
    const fetches = [
      ...res.body.matchAll(/<link rel="preload" as="fetch" crossorigin (?:fetchpriority="low" )?href="([^"]+)">/g),
    ].map((m) => m[1]!.replace(/&amp;/g, '&'));
    // The media first (the player's path), then the UI catalogue of the page's language.
    expect(fetches).toEqual([playlist_url, variantUrl, segmentUrl, '/assets/en-L1.json']);
    // The phone page starts the player before the app: its code is asked for first, once, and at
    // the browser's high priority with the media; the app's files after them, at low priority.
    const scripts = [
      ...res.body.matchAll(/<link rel="modulepreload" crossorigin (?:fetchpriority="low" )?href="\/assets\/([^"]+)">/g),
    ].map((m) => m[1]);
    expect(scripts.indexOf('early-player-H1.js')).toBeLessThan(scripts.indexOf('boot-B1.js'));
    expect(scripts.filter((file) => file === 'early-player-H1.js')).toHaveLength(1);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/early-player-H1.js">');
    for (const [i, url] of [playlist_url, variantUrl, segmentUrl].entries()) {
      expect(res.body, `media preload ${i}`).toContain(
        `<link rel="preload" as="fetch" crossorigin href="${url.replace(/&/g, '&amp;')}">`,
      );
    }
    const low = (attributes: string, file: string) => `<link ${attributes} fetchpriority="low" href="/assets/${file}">`;
    expect(res.body).toContain(low('rel="modulepreload" crossorigin', 'video-page-V1.js'));
    expect(res.body).toContain(low('rel="preload" as="fetch" crossorigin', 'en-L1.json'));
    // The route's loader is a chunk of its own, and what it imports comes with it, once.
    expect(res.body).toContain(low('rel="modulepreload" crossorigin', 'video-page-loader-L1.js'));
    expect(res.body).toContain(low('rel="modulepreload" crossorigin', 'video-keys-K1.js'));
    expect(res.body.match(/shared-S1\.js/g)).toHaveLength(1);
    expect(res.body).toContain(low('rel="preload" as="style" crossorigin', 'video-page-V1.css'));
    expect(res.body).toContain(low('rel="modulepreload" crossorigin', 'boot-B1.js'));
    // The poster's stage needs no sheet of the app's: the app's own is only fetched early.
    expect(res.body).toContain(low('rel="preload" as="style" crossorigin', 'boot-B1.css'));
    expect(res.body).not.toContain('home-page-P1');
  });

  it("carries the visitor's pre-roll decision for that episode, the API's own answer, the start counted once", async () => {
    const first = free.episodes[0]!;
    const data = bootstrapOf((await page(videoUrl(free.drama.id), { 'user-agent': 'pre-roll-visitor' })).body);
    expect(data.nextAd).toMatchObject({ rewarded_today: 0 });
    // The same visitor asking the API for the same episode later is told the same: a start
    // already counted is not counted again.
    const api = envelope<NextAd>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/ads/next?kind=interstitial&episode_id=${first.id}`,
        headers: { 'user-agent': 'pre-roll-visitor' },
      }),
    ).data;
    expect(data.nextAd).toEqual(api);
    // No playback, no decision.
    expect(bootstrapOf((await page(videoUrl(paid.drama.id))).body).nextAd).toBeUndefined();
  });

  it('inlines the episode asked for when it is free', async () => {
    const first = free.episodes[0]!;
    const data = bootstrapOf((await page(`/pages/video/index?drama_id=${free.drama.id}&episode_id=${first.id}`)).body);
    expect(data.playback?.episode.id).toBe(first.id);
  });

  it("never inlines a locked episode's playback, asked for or first", async () => {
    for (const url of [videoUrl(free.drama.id, free.episodes[1]!.id), videoUrl(paid.drama.id)]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const data = bootstrapOf(res.body);
      expect(data.drama, url).toBeDefined();
      expect(data.playback, url).toBeUndefined();
      // No URL of its media: not in the data, not in a preload, not on the stage.
      expect(res.body, url).not.toContain('.m3u8');
      expect(res.body, url).not.toContain('data-playlist');
      expect(res.body, url).not.toContain('download.mp4');
    }
  });

  it('inlines nothing of an episode from another drama', async () => {
    const data = bootstrapOf((await page(videoUrl(paid.drama.id, free.episodes[0]!.id))).body);
    expect(data.playback).toBeUndefined();
  });

  it("shows the drama's poster in the phone page's root until the web renders, fetched first", async () => {
    const res = await page(videoUrl(free.drama.id));
    const stage = /<div id="root">(<div data-boot-stage[^]*?<\/div>)<\/div>/.exec(res.body)?.[1] ?? '';
    const poster = `/media/${free.drama.poster}`;
    // The title as alt text, escaped: nothing of it can open an element.
    const alt = /<img src="([^"]*)" alt="([^"]*)"/.exec(stage);
    expect(alt?.[1]).toBe(poster);
    expect(alt?.[2]).toContain('&lt;script&gt;alert(1)');
    expect(stage).toContain('fetchpriority="high"');
    expect(res.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${poster}">`);
    // It names the episode the bootstrap's playback is for, so the web's entry starts loading it.
    const playback = bootstrapOf(res.body).playback!;
    const named = /<div data-boot-stage data-episode-id="(\d+)" data-playlist="([^"]*)"/.exec(stage);
    expect(named?.[1]).toBe(String(playback.episode.id));
    expect(named?.[2]?.replace(/&amp;/g, '&')).toBe(playback.playlist_url);
    // No ad plays before this visitor's first episode (the bootstrap's decision), so the entry
    // plays it at once.
    expect(bootstrapOf(res.body).nextAd?.ad).toBeNull();
    expect(stage).toMatch(/data-playlist="[^"]*" data-preroll="none"/);
    // The desktop page has its own layout around the player, and an unknown drama no poster.
    for (const url of [`/pages/video/index?drama_id=${free.drama.id}`, videoUrl(999_999)]) {
      const other = await page(url);
      expect(other.body, url).toContain('<div id="root"></div>');
      expect(other.body, url).not.toContain('as="image"');
    }
  });

  it('lets the entry play at once only when no ad plays first', () => {
    const drama = { title: 'T', poster: '/media/posters/t.jpg' };
    const episode = { id: 7, playlistUrl: '/media/m.m3u8?exp=1&sig=a' };
    expect(posterStage(drama, { ...episode, preroll: false })).toContain(
      'data-episode-id="7" data-playlist="/media/m.m3u8?exp=1&amp;sig=a" data-preroll="none"',
    );
    // An ad first, or a decision the server could not make: the entry only loads the episode.
    expect(posterStage(drama, { ...episode, preroll: true })).not.toContain('data-preroll');
    expect(posterStage(drama)).not.toContain('data-playlist');
  });

  it('offers the WebP copies of artwork named by the rule in the preload, as the page does', () => {
    expect(artworkPreload('/media/posters/a-1a2b3c4d-720w.jpg', '100vw')).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/posters/a-1a2b3c4d-720w.jpg" type="image/webp" ' +
        'imagesrcset="/media/posters/a-1a2b3c4d-360w.webp 360w, /media/posters/a-1a2b3c4d-720w.webp 720w" imagesizes="100vw">',
    );
  });

  it('leaves a signed-in viewer their own answers: only the code and the poster are preloaded', async () => {
    const res = await page(videoUrl(free.drama.id), { cookie: 'signed_in=1; lang=tr' });
    // Nothing about a viewer: only what is the same for everyone (the configuration, below).
    expect({ ...bootstrapOf(res.body), config: undefined }).toEqual({ lang: 'tr' });
    expect(res.body).toContain('<div data-boot-stage style=');
    expect(res.body).not.toContain('.m3u8');
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/tr-L1.json">');
    expect(res.body).not.toMatch(/(en|zh)-L1\.json/);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/video-page-V1.js">');
  });

  it('answers an unknown or malformed drama with the page and no data', async () => {
    for (const url of [
      videoUrl(999_999),
      '/pages/video/mobileVideoIndex?drama_id=abc',
      '/pages/video/mobileVideoIndex',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect({ ...bootstrapOf(res.body), config: undefined }, url).toEqual({ lang: 'en' });
    }
  });

  it('keeps catalogue text from closing the script element', async () => {
    const res = await page(videoUrl(free.drama.id));
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!-- ');
    // One inline JSON element and the entry's module script: nothing else opens a script.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(bootstrapOf(res.body).drama?.title).toBe(HOSTILE_TITLE);
    expect(scriptJson({ t: '</script>\u2028\u2029' })).toBe('{"t":"\\u003c/script>\\u2028\\u2029"}');
  });
});

describe('video deep link with an ad before the episode', () => {
  let adsApp: TestApp;
  let drama: SeededDrama;
  beforeAll(async () => {
    adsApp = await createTestApp({ env: { WEB_DIST_DIR: dist, ADS_EVERY_N_EPISODES: '1' } });
    drama = await seedDrama(adsApp.app, { episodes: 2, freeEpisodes: 1 });
    await seedDrama(adsApp.app, { episodes: 2, freeEpisodes: 1 }); // the house ad's promo
  });
  afterAll(async () => {
    await adsApp?.close();
  });

  it("leaves the app's files at their priority: the app plays the ad, so it is the page's first need", async () => {
    const res = await adsApp.app.inject({
      method: 'GET',
      url: videoUrl(drama.drama.id),
      headers: { accept: 'text/html', 'user-agent': 'ad-first-visitor' },
    });
    expect(bootstrapOf(res.body).nextAd?.ad).not.toBeNull();
    expect(res.body).not.toContain('data-preroll="none"');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-B1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/video-page-V1.js">');
    expect(res.body).not.toContain('fetchpriority="low"');
  });
});

describe('the app configuration in a filled-in page', () => {
  // The seeded drama's id is known only once the tests run.
  it.each([
    ['home', () => '/', {}],
    ['a visitor video page', () => videoUrl(free.drama.id), {}],
    ["a signed-in viewer's video page", () => videoUrl(free.drama.id), { cookie: 'signed_in=1; lang=tr' }],
    ['an unknown drama', () => videoUrl(999_999), {}],
  ])('%s carries GET /app/config, as the API answers it', async (_name, url, headers) => {
    const api = envelope<AppConfig>(await t.app.inject({ method: 'GET', url: '/api/v1/app/config' })).data;
    const data = bootstrapOf((await page(url(), headers)).body);
    expect(data.config).toEqual(api);
    expect(data.config?.name).toBe('Cliffhanger');
  });
});

describe('dramas viewers may not see yet', () => {
  let unseen: SeededDrama[];

  beforeAll(async () => {
    // First banner and hottest, were they released: a draft, and one released tomorrow.
    const prominent = { episodes: 2, freeEpisodes: 2, hits: 10_000, bannerRank: 0 };
    unseen = [
      await seedDrama(t.app, { ...prominent, publishedAt: null }),
      await seedDrama(t.app, { ...prominent, publishedAt: new Date(Date.now() + 86_400_000) }),
    ];
  });

  it('are not in the first screen of home', async () => {
    const res = await page('/');
    const home = bootstrapOf(res.body).home;
    const ids = [
      ...(home?.banners.map((banner) => banner.drama_id) ?? []),
      ...(home?.hot.map((card) => card.id) ?? []),
    ];
    expect(ids).toContain(free.drama.id);
    for (const { drama } of unseen) {
      expect(ids).not.toContain(drama.id);
      expect(res.body).not.toContain(drama.banner);
    }
  });

  it('give a deep link no drama, no playback and no signed media', async () => {
    for (const { drama, episodes } of unseen) {
      const res = await page(videoUrl(drama.id, episodes[0]!.id));
      expect(res.statusCode).toBe(200);
      const data = bootstrapOf(res.body);
      expect(data.drama).toBeUndefined();
      expect(data.playback).toBeUndefined();
      expect(res.body).not.toContain('.m3u8');
      expect(res.body).not.toContain(drama.poster);
    }
  });
});

describe('other pages', () => {
  it('are index.html as built', async () => {
    const res = await page('/pages/user/wallet');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('a build whose page map lacks a page', () => {
  const dirs: string[] = [];
  const distWith = (pageMap: Record<string, string> | undefined) => {
    const dir = writeDist(pageMap);
    dirs.push(dir);
    return dir;
  };
  const without = (page: string) => Object.fromEntries(Object.entries(PAGE_MAP).filter(([name]) => name !== page));
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('stops the server at startup, naming the page, instead of serving it without its code preloaded', async () => {
    await expect(createTestApp({ env: { WEB_DIST_DIR: distWith(without('home')) } })).rejects.toThrow(
      /names no chunk for the page "home"/,
    );
  });

  it.each(['home', 'video', 'videoLoader'])('refuses a map without "%s"', (page) => {
    expect(() => readPageChunks(distWith(without(page)))).toThrow(`names no chunk for the page "${page}"`);
  });

  it('refuses a map naming a chunk the manifest does not list (a renamed or stale build)', () => {
    const dir = distWith({ ...PAGE_MAP, videoLoader: 'assets/video-loader-X9.js' });
    expect(() => readPageChunks(dir)).toThrow(/"videoLoader" is assets\/video-loader-X9\.js.*does not list/);
  });

  it('refuses a build without a page map, as an older build is', () => {
    expect(() => readPageChunks(distWith(undefined))).toThrow(/pages\.json is missing.*rebuild it/);
  });

  it('finds each page by the map, whatever its module is called', () => {
    expect(readPageChunks(distWith(PAGE_MAP)).pages).toEqual({
      home: 'src/features/home/pages/front-page.tsx',
      video: 'src/features/video/pages/player-page.tsx',
      videoLoader: 'src/features/video/load-video.ts',
    });
  });
});
