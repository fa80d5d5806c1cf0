import { join } from 'node:path';
import { artworkCopies, artworkPath } from '@cliffhanger/contract';
import sharp from 'sharp';
import { sha256Hex } from '../lib/tokens.js';
import { short } from './file-hash.js';
import type { PlannedDrama } from './import-plan.js';
import type { PrepareContext } from './prepare-episode.js';
import { isStored } from './storage-io.js';

export const POSTER_SIZE = { width: 720, height: 960 } as const;
export const BANNER_SIZE = { width: 1280, height: 720 } as const;
const JPEG_QUALITY = 82;
/** A phone shows a poster a third of the screen wide: the half-size WebP is what most cards load. */
const WEBP_QUALITY = 78;
/** Effort 2 of 6: a few percent larger files for a third of the encoding time, on every import. */
const WEBP_EFFORT = 2;
/** Bump when the rendering below changes, so stored artwork is made again. */
const ARTWORK_VERSION = 'artwork-v2';
/** A poster larger than this is a mistake (or a decompression bomb), not artwork. */
export const ARTWORK_MAX_INPUT_PIXELS = 40_000_000;

export type ArtworkKind = 'poster' | 'banner';
const ARTWORK: Record<ArtworkKind, { folder: string; size: { width: number; height: number } }> = {
  poster: { folder: 'posters', size: POSTER_SIZE },
  banner: { folder: 'banners', size: BANNER_SIZE },
};

export interface PreparedArtwork {
  posterPath: string;
  bannerPath: string;
  /** Only what is not stored yet. */
  uploads: { path: string; bytes: Buffer }[];
}

/** The key of artwork made from an image file with this SHA-256 (a frame of a video has another). */
export function imageArtworkKey(sha256: string): string {
  return `image:${sha256}`;
}

/**
 * Where a drama's artwork made from `key` is stored: `posters/<slug>-<hash8>-720w.jpg`. Named after
 * the input and the rendering, so an unchanged image is neither rendered nor uploaded again, and an
 * image gets the same name whether the import or the console stored it.
 */
export function artworkPathOf(kind: ArtworkKind, slug: string, key: string): string {
  const { folder, size } = ARTWORK[kind];
  return artworkPath(`${folder}/${slug}-${short(sha256Hex(`${ARTWORK_VERSION}:${key}`))}`, size.width);
}

/**
 * The JPEG and its WebP copies (the contract's artwork rule), the JPEG last: the importer checks
 * for the JPEG alone, so its presence means the copies were stored before it. EXIF and every other
 * piece of metadata are dropped (sharp keeps none unless told to).
 */
export async function renderArtwork(
  kind: ArtworkKind,
  image: string | Buffer,
  path: string,
): Promise<{ path: string; bytes: Buffer }[]> {
  const { size } = ARTWORK[kind];
  // rotate(): honour EXIF orientation; cover + centre: fill the frame, crop the overflow.
  const frame = sharp(image, { limitInputPixels: ARTWORK_MAX_INPUT_PIXELS })
    .rotate()
    .resize(size.width, size.height, { fit: 'cover' });
  const copies = await Promise.all(
    artworkCopies(path).map(async (copy) => ({
      path: copy.path,
      bytes: await frame
        .clone()
        .resize(copy.width, Math.round((size.height * copy.width) / size.width))
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer(),
    })),
  );
  return [...copies, { path, bytes: await frame.jpeg({ quality: JPEG_QUALITY }).toBuffer() }];
}

/**
 * Phase 2 for a drama's poster (3:4, 720×960) and banner (16:9, 1280×720), as JPEG with WebP
 * copies at full and half width. Named after their inputs (`posters/<slug>-<hash8>-720w.jpg`), so
 * an unchanged poster is neither rendered nor uploaded again. Without a poster image, a frame of the first episode is used (needs ffmpeg);
 * without a banner image, the poster's image is.
 */
export async function prepareArtwork(planned: PlannedDrama, ctx: PrepareContext): Promise<PreparedArtwork> {
  const { slug } = planned.drama;
  const first = planned.episodes[0];
  if (!first) throw new Error(`Drama ${slug} has no episodes`);
  const posterKey = planned.poster ? imageArtworkKey(planned.poster.sha256) : `frame:${first.input.sha256}`;
  const bannerKey = planned.banner ? imageArtworkKey(planned.banner.sha256) : posterKey;
  const posterPath = artworkPathOf('poster', slug, posterKey);
  const bannerPath = artworkPathOf('banner', slug, bannerKey);

  const uploads: PreparedArtwork['uploads'] = [];
  const needPoster = !(await isStored(ctx.media, posterPath));
  const needBanner = !(await isStored(ctx.media, bannerPath));
  if (!needPoster && !needBanner) return { posterPath, bannerPath, uploads };

  let posterImage = planned.poster?.file;
  if (posterImage === undefined && (needPoster || planned.banner === undefined)) {
    posterImage = join(ctx.workDir, `${slug}-frame.jpg`);
    const video = first.input.kind === 'source' ? first.input.file : join(first.input.dir, 'hd', 'index.m3u8');
    await ctx.tools.extractFrame(video, posterImage);
  }
  if (needPoster && posterImage) uploads.push(...(await renderArtwork('poster', posterImage, posterPath)));
  const bannerImage = planned.banner?.file ?? posterImage;
  if (needBanner && bannerImage) uploads.push(...(await renderArtwork('banner', bannerImage, bannerPath)));
  return { posterPath, bannerPath, uploads };
}
