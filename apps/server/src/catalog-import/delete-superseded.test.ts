import { describe, expect, it } from 'vitest';
import { MemoryMediaStorage } from '../media/storage/memory-media-storage.js';
import type { PreparedDrama } from './apply-catalog.js';
import { deleteSuperseded } from './delete-superseded.js';
import { isStored } from './storage-io.js';

const artwork = (posterPath: string, bannerPath: string) =>
  ({ artwork: { posterPath, bannerPath, uploads: [] }, episodes: [] }) as unknown as PreparedDrama;

describe('deleteSuperseded, artwork', () => {
  it('deletes a replaced poster and banner with their WebP copies, and keeps what is still used', async () => {
    const media = new MemoryMediaStorage();
    const files = [
      'posters/a-11111111-720w.jpg',
      'posters/a-11111111-360w.webp',
      'posters/a-11111111-720w.webp',
      'banners/a-11111111-1280w.jpg',
      'banners/a-11111111-640w.webp',
      'banners/a-11111111-1280w.webp',
      'posters/b-old.jpg',
    ];
    for (const path of files) await media.put(path, Buffer.from(path));

    await deleteSuperseded(
      media,
      {
        dramas: [
          { poster: 'posters/a-11111111-720w.jpg', banner: 'banners/a-11111111-1280w.jpg' },
          { poster: 'posters/b-old.jpg', banner: 'banners/a-11111111-1280w.jpg' },
        ],
        episodes: [],
      },
      [artwork('posters/a-22222222-720w.jpg', 'banners/a-11111111-1280w.jpg')],
      (message) => {
        throw new Error(message);
      },
    );

    const stored = await Promise.all(files.map((path) => isStored(media, path)));
    expect(files.filter((_, i) => stored[i])).toEqual([
      'banners/a-11111111-1280w.jpg',
      'banners/a-11111111-640w.webp',
      'banners/a-11111111-1280w.webp',
    ]);
  });
});

describe('deleteSuperseded, episode dirs', () => {
  it('answers the dirs it retired (for the CDN to drop), not those the new catalogue still uses', async () => {
    const media = new MemoryMediaStorage();
    const episode = (mediaDir: string) => ({ mediaDir, durationS: 6, subtitles: {} }) as unknown;
    const prepared = {
      drama: {},
      artwork: { posterPath: 'posters/a.jpg', bannerPath: 'banners/a.jpg', uploads: [] },
      episodes: [episode('episodes/a/1-22222222'), episode('episodes/a/2-33333333')],
    } as unknown as PreparedDrama;

    const retired = await deleteSuperseded(
      media,
      {
        dramas: [],
        episodes: [
          { mediaDir: 'episodes/a/1-11111111', subtitles: {} },
          { mediaDir: 'episodes/a/2-33333333', subtitles: {} },
          { mediaDir: 'episodes/a/3-44444444', subtitles: {} },
        ],
      },
      [prepared],
      (message) => {
        throw new Error(message);
      },
    );
    expect(retired).toEqual(['episodes/a/1-11111111', 'episodes/a/3-44444444']);
  });
});
