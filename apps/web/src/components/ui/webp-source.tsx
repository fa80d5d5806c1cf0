import { artworkSrcSet } from '@cliffhanger/contract/browser';

/**
 * The WebP copies of catalogue artwork (the contract's artwork rule) as the `<source>` of a
 * `<picture>`: a browser that reads WebP picks the copy that fits `sizes`, any other keeps the
 * JPEG of the `<img>`. Artwork stored without copies gets no source.
 */
export function WebpSource({ src, sizes }: { src: string; sizes: string }) {
  const srcSet = artworkSrcSet(src);
  return srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null;
}
