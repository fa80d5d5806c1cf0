import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { VideoPage, videoIdFrom } from './video-page';

describe('video page', () => {
  it.each(['/pages/video/index', '/pages/video/index?id=abc', '/pages/video/index?id=0', '/pages/video/index?id=-4'])(
    'says "Invalid video" at %s',
    (path) => {
      renderPage(<VideoPage />, path);
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid video');
    },
  );

  it('takes a positive id from the query', () => {
    expect(videoIdFrom(new URLSearchParams('id=12'))).toBe(12);
    expect(videoIdFrom(new URLSearchParams('drama_id=7'))).toBe(7);
    expect(videoIdFrom(new URLSearchParams('id=1.5'))).toBeNull();
  });

  it('draws no navigation bar over the video, only a way back', () => {
    renderPage(<VideoPage />, '/pages/video/index?id=12');
    expect(screen.queryByTestId('nav-bar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid video')).toBeNull();
  });
});
