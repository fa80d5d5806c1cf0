import {
  ARTWORK_SIZES,
  artworkSrcSet,
  SIDEBAR_MIN_WIDTH,
  SIDEBAR_NARROW_WIDTH,
  SIDEBAR_WIDE_WIDTH,
  WIDE_SIDEBAR_MIN_WIDTH,
  type DramaDetail,
  type Home,
} from '@cliffhanger/contract';

/**
 * What a cold load shows before the web's code has run: the first screen's largest image in the
 * frame the page then fills, drawn from the HTML alone, so a phone on a slow line sees the poster
 * or the banner instead of an empty screen while the scripts arrive. React's first render
 * replaces the whole stage (createRoot clears its container), so nothing here ever has to be kept
 * in step with state; only the geometry has to match, which the web's own stylesheets give.
 */

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<picture>` with the WebP copies the web's own artwork components offer (same srcset, same sizes). */
function picture(url: string, sizes: string, img: string): string {
  const srcSet = artworkSrcSet(url);
  const source = srcSet
    ? `<source type="image/webp" srcset="${escapeAttribute(srcSet)}" sizes="${escapeAttribute(sizes)}">`
    : '';
  return `<picture>${source}<img src="${escapeAttribute(url)}" ${img}></picture>`;
}

/**
 * The phone's video page: the drama's poster on the player's black. The early player's video goes
 * over it once it has a frame. With the visitor's signed playback of the episode it opens on, the
 * stage names it, so the web's entry starts loading it beside the app's start; with
 * `data-preroll="none"` (the server decided no ad plays first) the entry also plays it at once,
 * before the app's code is evaluated.
 */
export function posterStage(
  drama: Pick<DramaDetail, 'title' | 'poster'>,
  episode?: { id: number; playlistUrl: string; preroll: boolean },
): string {
  const names = episode
    ? ` data-episode-id="${episode.id}" data-playlist="${escapeAttribute(episode.playlistUrl)}"` +
      (episode.preroll ? '' : ' data-preroll="none"')
    : '';
  return (
    `<div data-boot-stage${names} style="position:fixed;inset:0;background:#000;display:flex;align-items:center;justify-content:center">` +
    picture(
      drama.poster,
      ARTWORK_SIZES.stage,
      `alt="${escapeAttribute(drama.title)}" fetchpriority="high" style="width:100%;height:100%;object-fit:contain"`,
    ).replace('<picture>', '<picture style="display:contents">') +
    '</div>'
  );
}

/** The product mark (apps/web/src/components/ui/icons.tsx LogoMark). */
const LOGO_MARK =
  '<svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<rect width="32" height="32" rx="8" fill="#FFED47"/><path d="M8 9h16v8l-6 6H8z" fill="#1a1a1a"/>' +
  '<path d="M14 12.5l5 3-5 3z" fill="#FFED47"/></svg>';

/** The shell leaves room for its sidebar from these widths on (apps/web/src/lib/viewport.ts). */
const SIDEBAR_ROOM =
  `<style>@media (min-width:${SIDEBAR_MIN_WIDTH}px){[data-boot-stage]{--sidebar-width:${SIDEBAR_NARROW_WIDTH}px}}` +
  `@media (min-width:${WIDE_SIDEBAR_MIN_WIDTH}px){[data-boot-stage]{--sidebar-width:${SIDEBAR_WIDE_WIDTH}px}}</style>`;

/**
 * Home's top as the home page draws it (the shell, the bar with the mark and name, the search
 * box's frame, the first banner with its title), in the classes of the entry's stylesheet and of
 * the home page's, which the server links as stylesheets on home for this. Nothing here reacts:
 * the search box is a frame without an input, so nothing typed before React starts is lost.
 */
export function homeStage(home: Pick<Home, 'banners'>, productName: string): string {
  const banner = home.banners[0];
  const slide = banner
    ? '<div class="home-banner"><section class="ui-carousel"><div class="ui-carousel__viewport"><div class="ui-carousel__track">' +
      '<div class="ui-carousel__slide"><span class="ui-carousel__link">' +
      picture(
        banner.image,
        ARTWORK_SIZES.banner,
        'class="ui-carousel__img" alt="" width="720" height="315" fetchpriority="high" draggable="false"',
      ) +
      `<span class="ui-carousel__caption">${escapeText(banner.title)}</span></span></div></div></div></section></div>`
    : '';
  return (
    `${SIDEBAR_ROOM}<div class="app-shell" data-boot-stage aria-hidden="true"><div class="app-shell__main"><main class="page"><div class="page__column">` +
    '<header class="ui-nav ui-nav--custom home-bar"><div class="ui-nav__status"></div><div class="ui-nav__bar">' +
    `<div class="home-bar__brand">${LOGO_MARK}<span class="home-bar__name">${escapeText(productName)}</span></div></div></header>` +
    '<div class="home-search"><span class="home-search__input" style="box-sizing:border-box"></span></div>' +
    slide +
    '</div></main></div></div>'
  );
}
