/**
 * Catalogue artwork (posters, banners) is stored as a JPEG named `<base>-<W>w.jpg`, W being its
 * width in pixels, with WebP copies at W and W/2 beside it (`<base>-<W>w.webp`,
 * `<base>-<W/2>w.webp`). The importer names the files by this rule and the web builds its
 * `srcset` by it, so the name alone says the copies exist: artwork stored under any other name
 * (imported before the copies were made) is shown as its JPEG.
 */
const SIZED_JPEG = /^(.*)-([1-9]\d{1,4})w\.jpg$/;

export interface ArtworkCopy {
  /** The copy's path or URL: the JPEG's with `-<width>w.webp` in place of `-<W>w.jpg`. */
  path: string;
  width: number;
}

/** The JPEG's name for artwork `base` rendered `width` pixels wide. */
export function artworkPath(base: string, width: number): string {
  return `${base}-${width}w.jpg`;
}

/** The WebP copies of a JPEG named by the rule, smallest first; none for any other name. */
export function artworkCopies(jpeg: string): ArtworkCopy[] {
  const match = SIZED_JPEG.exec(jpeg);
  if (!match) return [];
  const [, base, digits] = match;
  const width = Number(digits);
  return [Math.round(width / 2), width].map((w) => ({ path: `${base}-${w}w.webp`, width: w }));
}

/** `srcset` of the WebP copies (`url 360w, url 720w`), or null when the artwork has none. */
export function artworkSrcSet(jpegUrl: string): string | null {
  const copies = artworkCopies(jpegUrl);
  return copies.length === 0 ? null : copies.map((copy) => `${copy.path} ${copy.width}w`).join(', ');
}

/**
 * The `sizes` of each place artwork is shown (its width on screen). The web's `<source>` and the
 * server's `<link rel=preload imagesrcset>` of the first screen both use these, so the browser
 * picks the same copy for both and the preloaded file is the one the page shows.
 */
export const ARTWORK_SIZES = {
  /** A poster card in a grid or shelf: a third of a phone's width, a fixed column on wider screens. */
  card: '(min-width: 768px) 180px, 33vw',
  /** Home's banner carousel: the whole width, at most the column of a wide screen. */
  banner: '(min-width: 768px) 720px, 100vw',
  /** The poster behind the video page's player as it starts: the phone's width. */
  stage: '(min-width: 768px) 480px, 100vw',
} as const;
