import { ARTWORK_SIZES } from '@cliffhanger/contract/browser';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosterImage } from './poster-image';

describe('PosterImage', () => {
  it("offers the artwork's WebP copies, sized as a card, with the JPEG for other browsers", () => {
    const { container } = render(<PosterImage src="/media/posters/a-1a2b3c4d-720w.jpg" alt="A" />);
    const source = container.querySelector('picture > source')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/media/posters/a-1a2b3c4d-360w.webp 360w, /media/posters/a-1a2b3c4d-720w.webp 720w',
    );
    expect(source).toHaveAttribute('sizes', ARTWORK_SIZES.card);
    expect(container.querySelector('picture > img')).toHaveAttribute('src', '/media/posters/a-1a2b3c4d-720w.jpg');
  });

  it('takes the width it is shown at', () => {
    const { container } = render(<PosterImage src="/media/posters/a-1a2b3c4d-720w.jpg" sizes="66px" />);
    expect(container.querySelector('source')).toHaveAttribute('sizes', '66px');
  });

  it('shows artwork stored without copies as its file alone, and a broken one as the empty box', () => {
    const { container } = render(<PosterImage src="/media/posters/old.jpg" />);
    expect(container.querySelector('source')).toBeNull();
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-role="poster"]')).toBeInTheDocument();
  });
});
