import { z } from 'zod';
import { inputString } from '../text.js';
import { INPUT_MAX_LENGTH, LANGUAGES } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { DRAMA_SORTS } from '../values.js';
import { GENRES } from '../genres.js';
import { pageOf, pageQuerySchema } from '../pagination.js';

/**
 * Catalogue and playback (docs/architecture.md#catalogue-and-unlocking). Texts come back in the language the
 * client asks for with `lang` (zh, en, tr), falling back to English. Media fields are absolute
 * paths or URLs the browser can load as they stand (MEDIA_BASE_URL already applied).
 */
export const langQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Coin prices of a drama for this viewer, shown before the tap (docs/architecture.md#catalogue-and-unlocking). */
export const unlockPricesSchema = z.object({
  /** Coins for one locked episode. */
  episode: z.number().int().nonnegative(),
  /** Coins for every episode still locked for this viewer, in one go (discounted). */
  all: z.number().int().nonnegative(),
  /** How many episodes "all" unlocks. */
  locked_count: z.number().int().nonnegative(),
});
export type UnlockPrices = z.infer<typeof unlockPricesSchema>;

/** A drama on a shelf or in a list. */
export const dramaCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  poster: z.string(),
  tags: z.array(z.string()),
  /** Genre keys (GENRES), at most three; the names are the contract's GENRE_NAMES. */
  genres: z.array(z.string()),
  hits: z.number().int(),
  likes: z.number().int(),
  episode_count: z.number().int(),
  free_episodes: z.number().int(),
});
export type DramaCard = z.infer<typeof dramaCardSchema>;

export const bannerSchema = z.object({
  drama_id: z.number().int(),
  title: z.string(),
  image: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const homeSchema = z.object({
  banners: z.array(bannerSchema),
  recommended: z.array(dramaCardSchema),
  hot: z.array(dramaCardSchema),
  latest: z.array(dramaCardSchema),
});
export type Home = z.infer<typeof homeSchema>;

export const getHome = defineEndpoint({
  method: 'GET',
  path: '/home',
  auth: 'none',
  summary: 'Home: banners and the recommended, hot and latest shelves',
  query: langQuerySchema,
  data: homeSchema,
});

export const dramaListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DRAMA_SORTS).default('hits'),
  /** Search by title, in any language (case-insensitive substring). */
  q: inputString().trim().max(INPUT_MAX_LENGTH).optional(),
  /** Only dramas filed under this genre (a key of GENRES). */
  genre: z.enum(GENRES).optional(),
  lang: z.enum(LANGUAGES).optional(),
});

export const listDramas = defineEndpoint({
  method: 'GET',
  path: '/dramas',
  auth: 'none',
  summary: 'Browse or search dramas (sort hits, likes or A to Z), optionally of one genre',
  query: dramaListQuerySchema,
  data: pageOf(dramaCardSchema),
});

/** An episode of a drama as this viewer sees it. */
export const episodeSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  duration_s: z.number(),
  /** Free for everybody (number ≤ the drama's free episodes). */
  free: z.boolean(),
  /** Not playable by this viewer: not free, not unlocked, viewer not VIP. */
  locked: z.boolean(),
  /** Coins to unlock this episode alone (0 when free). */
  price: z.number().int().nonnegative(),
});
export type EpisodeSummary = z.infer<typeof episodeSummarySchema>;

/** Where this viewer stopped in a drama (from history). */
export const progressSchema = z.object({
  episode_id: z.number().int(),
  position_s: z.number(),
});

export const dramaDetailSchema = dramaCardSchema.extend({
  synopsis: z.string(),
  banner: z.string(),
  /**
   * A VIP member plays every episode without unlocking, by the same rule as playback and the
   * wallet's unlock (docs/architecture.md#catalogue-and-unlocking); the drama's page says so before the tap.
   */
  vip_covers: z.boolean(),
  episodes: z.array(episodeSummarySchema),
  prices: unlockPricesSchema,
  favorited: z.boolean(),
  /** null for a visitor or when never watched. */
  progress: progressSchema.nullable(),
  viewer: z.object({ signed_in: z.boolean(), vip: z.boolean(), coin: z.number().int() }),
});
export type DramaDetail = z.infer<typeof dramaDetailSchema>;

export const getDrama = defineEndpoint({
  method: 'GET',
  path: '/dramas/:id',
  auth: 'optional',
  summary: 'A drama with its episodes, each with lock state and price for this viewer',
  params: idParamsSchema,
  query: langQuerySchema,
  data: dramaDetailSchema,
});

export const subtitleTrackSchema = z.object({
  lang: z.enum(LANGUAGES),
  /** Signed WebVTT URL. */
  url: z.string(),
});

export const playbackSchema = z.object({
  episode: episodeSummarySchema.extend({ drama_id: z.number().int() }),
  /** This viewer's master playlist (HD and SD variants); every URL in it is signed and expires. */
  playlist_url: z.string(),
  /** When the signatures stop working; the client asks again after that. */
  expires_at: z.string(),
  subtitles: z.array(subtitleTrackSchema),
  /** Signed MP4 (SD) for offline viewing. */
  download_url: z.string(),
  next_episode_id: z.number().int().nullable(),
  prev_episode_id: z.number().int().nullable(),
  likes: z.number().int(),
  liked: z.boolean(),
  comment_count: z.number().int(),
  /** Saved position in this episode (seconds), 0 when none. */
  position_s: z.number(),
});
export type Playback = z.infer<typeof playbackSchema>;

/** `data` of Code.EPISODE_LOCKED: the prices, and never a media URL. */
export const episodeLockedSchema = z.object({
  drama_id: z.number().int(),
  episode_id: z.number().int(),
  episode_number: z.number().int(),
  prices: unlockPricesSchema,
  coin: z.number().int(),
  signed_in: z.boolean(),
});
export type EpisodeLocked = z.infer<typeof episodeLockedSchema>;

export const playEpisode = defineEndpoint({
  method: 'GET',
  path: '/episodes/:id/play',
  auth: 'optional',
  summary: 'Play an episode: signed playlist for an entitled viewer, 30002 with prices when locked',
  params: idParamsSchema,
  query: langQuerySchema,
  data: playbackSchema,
});
