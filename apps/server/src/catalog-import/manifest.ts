import {
  dramaGenresSchema,
  dramaPriceSchema,
  dramaSlugSchema,
  dramaSynopsisSchema,
  dramaTagsSchema,
  dramaTitleSchema,
  episodeNumberSchema,
  episodeTitleSchema,
  freeEpisodesSchema,
} from '@cliffhanger/contract';
import { z } from 'zod';

/**
 * The catalogue manifest read by `npm run catalog -- import <manifest.json>` (docs/media.md,
 * "Import and demo catalogue"). File paths are relative to the manifest's folder. What a drama may
 * hold (slug, titles, tags, genres, prices) is the contract's drama rules, which the console's forms use too.
 */

/** An issue at every item of `list` whose `key` an earlier item already had. */
function flagRepeats<T, K extends keyof T & string>(
  ctx: z.RefinementCtx,
  list: string,
  items: readonly T[],
  key: K,
  message: (value: T[K]) => string,
): void {
  const seen = new Set<T[K]>();
  items.forEach((item, index) => {
    if (seen.has(item[key])) ctx.addIssue({ code: 'custom', path: [list, index, key], message: message(item[key]) });
    seen.add(item[key]);
  });
}

const filePath = z.string().trim().min(1).max(1024);
const count = z.number().int().nonnegative().max(2_000_000_000);
const rank = z.number().int().min(0).max(1_000_000);

const manifestEpisodeSchema = z
  .object({
    number: episodeNumberSchema,
    title: episodeTitleSchema,
    /** A video file to transcode into the HLS ladder. */
    source: filePath.optional(),
    /** A prebuilt folder: master.m3u8, hd/ and sd/ playlists with their segments, download.mp4. */
    hls: filePath.optional(),
    subtitles: z
      .object({ en: filePath.optional(), zh: filePath.optional(), tr: filePath.optional() })
      .strict()
      .default({}),
  })
  .strict()
  .refine((e) => (e.source === undefined) !== (e.hls === undefined), {
    error: 'needs exactly one of "source" (a video file) and "hls" (a prebuilt folder)',
    path: ['source'],
  });

const manifestDramaSchema = z
  .object({
    slug: dramaSlugSchema,
    title: dramaTitleSchema,
    synopsis: dramaSynopsisSchema,
    tags: dramaTagsSchema.default([]),
    /** Up to three genre keys of the contract's catalogue (GENRES); anything else stops the import. */
    genres: dramaGenresSchema.default([]),
    free_episodes: freeEpisodesSchema.default(5),
    episode_price: dramaPriceSchema,
    all_price: dramaPriceSchema,
    recommend_rank: rank.nullable().optional(),
    banner_rank: rank.nullable().optional(),
    published_at: z.iso.datetime({ offset: true }).optional(),
    /** Demo popularity: applied only when the drama is first created; real plays count from there. */
    initial_hits: count.optional(),
    initial_likes: count.optional(),
    /** An image; default: a frame of episode 1. */
    poster: filePath.optional(),
    /** An image; default: the poster's image. */
    banner: filePath.optional(),
    episodes: z.array(manifestEpisodeSchema).min(1).max(10_000),
  })
  .strict()
  .superRefine((drama, ctx) =>
    flagRepeats(ctx, 'episodes', drama.episodes, 'number', (number) => `episode ${number} is listed twice`),
  );

export const manifestSchema = z
  .object({ dramas: z.array(manifestDramaSchema).min(1) })
  .strict()
  .superRefine((manifest, ctx) =>
    flagRepeats(ctx, 'dramas', manifest.dramas, 'slug', (slug) => `slug "${slug}" is listed twice`),
  );

export type Manifest = z.output<typeof manifestSchema>;
export type ManifestDrama = Manifest['dramas'][number];
export type ManifestEpisode = ManifestDrama['episodes'][number];
