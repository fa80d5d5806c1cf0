import { describe, expect, it } from 'vitest';
import { artworkCopies, artworkPath, artworkSrcSet } from './artwork.js';

describe('artwork names', () => {
  it('names a JPEG by its width and finds its WebP copies at that width and half of it', () => {
    const jpeg = artworkPath('posters/moonlight-alpha-1a2b3c4d', 720);
    expect(jpeg).toBe('posters/moonlight-alpha-1a2b3c4d-720w.jpg');
    expect(artworkCopies(jpeg)).toEqual([
      { path: 'posters/moonlight-alpha-1a2b3c4d-360w.webp', width: 360 },
      { path: 'posters/moonlight-alpha-1a2b3c4d-720w.webp', width: 720 },
    ]);
  });

  it('builds a srcset from a URL', () => {
    expect(artworkSrcSet('/media/banners/a-b-1280w.jpg')).toBe(
      '/media/banners/a-b-640w.webp 640w, /media/banners/a-b-1280w.webp 1280w',
    );
  });

  it('has no copies for artwork stored under another name', () => {
    for (const old of ['posters/a-1a2b3c4d.jpg', 'posters/a-720w.png', 'posters/a-0w.jpg', '', 'https://cdn/x.jpg?w=720w.jpg']) {
      expect(artworkCopies(old)).toEqual([]);
      expect(artworkSrcSet(old)).toBeNull();
    }
  });
});
