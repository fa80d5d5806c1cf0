import { ARTWORK_SIZES } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { WebpSource } from './webp-source';
import './poster-image.css';

/** Posters are 3:4 (docs/product.md#look-and-feel); these are the intrinsic size hints, the box scales them. */
const POSTER_WIDTH = 300;
const POSTER_HEIGHT = 400;

/**
 * A drama poster in a fixed 3:4 box: the space is held before the image arrives (no layout
 * shift), the image loads lazily and decodes off the main thread, and a missing or broken image
 * leaves the neutral box rather than a broken-image icon. `sizes` is the box's width on screen,
 * which picks the WebP copy to load.
 */
export function PosterImage({
  src,
  alt = '',
  className,
  sizes = ARTWORK_SIZES.card,
}: {
  src: string;
  alt?: string;
  className?: string;
  sizes?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  return (
    <span className={['ui-poster', className].filter(Boolean).join(' ')} data-role="poster">
      {!failed && (
        <picture>
          <WebpSource src={src} sizes={sizes} />
          <img
            className="ui-poster__img"
            src={src}
            alt={alt}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            loading="lazy"
            decoding="async"
            onError={() => setFailedSrc(src)}
          />
        </picture>
      )}
    </span>
  );
}
