import { z } from 'zod';
import { INPUT_MAX_LENGTH, LANGUAGES } from '../constants.js';
import {
  DRAMA_TAG_MAX,
  dramaPriceSchema,
  dramaSynopsisSchema,
  dramaTagsSchema,
  dramaGenresSchema,
  dramaTitleSchema,
  episodeTitleSchema,
  freeEpisodesSchema,
} from '../drama-rules.js';
import { pageOf, pageQuerySchema } from '../pagination.js';
import { inputString } from '../text.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/**
 * The console's catalogue (docs/console.md#catalogue): dramas and their episodes, as editors see
 * and change them. Every write answers the drama as it now is, and records an audit entry.
 */

const EDITORS = ['editor'] as const;

/**
 * Derived from published_at: NULL is `not_published` (a new drama, or one taken down: the column
 * does not tell the two apart), a time to come is `scheduled`, a time passed is `published`.
 */
export const DRAMA_STATUSES = ['not_published', 'scheduled', 'published'] as const;
export type DramaStatus = (typeof DRAMA_STATUSES)[number];

export const CONSOLE_DRAMA_SORTS = ['updated', 'created', 'title', 'hits'] as const;
export type ConsoleDramaSort = (typeof CONSOLE_DRAMA_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

export const ARTWORK_KINDS = ['poster', 'banner'] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];
/** A poster or banner upload; it is re-encoded, so a camera's full-size JPEG is fine. */
export const ARTWORK_MAX_BYTES = 10 * 1024 * 1024;
/** A WebVTT file: a 3-minute episode's subtitles are a few kilobytes. */
export const SUBTITLE_MAX_BYTES = 512 * 1024;
/** How far ahead a release may be scheduled. */
export const SCHEDULE_MAX_DAYS = 730;
/** The longest reason the audit log keeps beside a catalogue change. */
export const CATALOGUE_REASON_MAX = 500;

const localisedText = z.object({ en: z.string(), zh: z.string().optional(), tr: z.string().optional() });

/** Why the change was made, kept in the audit log beside it. */
const reason = inputString().trim().max(CATALOGUE_REASON_MAX).optional();
const reasonBody = z.object({ reason }).strict();
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const dramaParams = z.object({ id: positiveId });
const episodeParams = dramaParams.extend({ episodeId: positiveId });
const uploadBody = z.custom<FormData>((value) => typeof FormData !== 'undefined' && value instanceof FormData);

export const consoleDramaRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: localisedText,
  /** The poster's URL, '' while it has none. */
  poster: z.string(),
  status: z.enum(DRAMA_STATUSES),
  published_at: z.string().nullable(),
  tags: z.array(z.string()),
  /** Genre keys (GENRES), at most three. */
  genres: z.array(z.string()),
  hits: z.number().int(),
  episode_count: z.number().int(),
  free_episodes: z.number().int(),
  episode_price: z.number().int(),
  all_price: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleDramaRow = z.infer<typeof consoleDramaRowSchema>;

export const consoleEpisodeSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: localisedText,
  duration_s: z.number(),
  /** Number ≤ the drama's free episodes. */
  free: z.boolean(),
  /** Coins to unlock it alone; 0 when free. */
  price: z.number().int(),
  subtitles: z.array(z.enum(LANGUAGES)),
  /** Its video is stored and has a duration: viewers can play it. */
  media_ready: z.boolean(),
});
export type ConsoleEpisode = z.infer<typeof consoleEpisodeSchema>;

export const consoleDramaSchema = consoleDramaRowSchema.extend({
  synopsis: localisedText,
  /** The banner's URL, '' while it has none. */
  banner: z.string(),
  likes: z.number().int(),
  episodes: z.array(consoleEpisodeSchema),
});
export type ConsoleDrama = z.infer<typeof consoleDramaSchema>;

export const consoleListDramas = defineConsoleEndpoint({
  method: 'GET',
  path: '/catalogue/dramas',
  access: EDITORS,
  summary: 'Dramas, published or not: search by title (any language) or slug, filter by status and tag, sort',
  query: pageQuerySchema.extend({
    q: inputString().trim().max(INPUT_MAX_LENGTH).optional(),
    status: z.enum(DRAMA_STATUSES).optional(),
    tag: inputString().trim().min(1).max(DRAMA_TAG_MAX).optional(),
    sort: z.enum(CONSOLE_DRAMA_SORTS).default('updated'),
    /** Default: newest or most first, titles A to Z. */
    order: z.enum(SORT_ORDERS).optional(),
  }),
  data: pageOf(consoleDramaRowSchema),
});

export const consoleListDramaTags = defineConsoleEndpoint({
  method: 'GET',
  path: '/catalogue/tags',
  access: EDITORS,
  summary: 'Every tag some drama has, A to Z (for the list filter and the tag picker)',
  data: z.array(z.string()),
});

export const consoleGetDrama = defineConsoleEndpoint({
  method: 'GET',
  path: '/catalogue/dramas/:id',
  access: EDITORS,
  summary: 'One drama with every episode, published or not',
  params: dramaParams,
  data: consoleDramaSchema,
});

export const dramaTextFieldsSchema = z.object({
  title: dramaTitleSchema,
  synopsis: dramaSynopsisSchema,
  tags: dramaTagsSchema,
  genres: dramaGenresSchema,
});

export const dramaPricingSchema = z.object({
  /** Episodes 1..free_episodes are free. */
  free_episodes: freeEpisodesSchema,
  episode_price: dramaPriceSchema,
  all_price: dramaPriceSchema,
});

export const consoleCreateDrama = defineConsoleEndpoint({
  method: 'POST',
  path: '/catalogue/dramas',
  access: EDITORS,
  summary: 'A new drama, not published; its slug is made from the English title',
  body: dramaTextFieldsSchema
    .extend({
      ...dramaPricingSchema.shape,
      tags: dramaTagsSchema.default([]),
      genres: dramaGenresSchema.default([]),
      free_episodes: freeEpisodesSchema.default(5),
      reason,
    })
    .strict(),
  data: consoleDramaSchema,
});

export const consoleUpdateDrama = defineConsoleEndpoint({
  method: 'PUT',
  path: '/catalogue/dramas/:id',
  access: EDITORS,
  summary: "Changes a drama's titles, synopses, tags or genres (those sent)",
  params: dramaParams,
  body: dramaTextFieldsSchema
    .partial()
    .extend({ reason })
    .strict()
    .refine(
      (b) => b.title !== undefined || b.synopsis !== undefined || b.tags !== undefined || b.genres !== undefined,
      { error: 'nothing to change: send title, synopsis, tags or genres' },
    ),
  data: consoleDramaSchema,
});

export const consoleSetDramaPricing = defineConsoleEndpoint({
  method: 'PUT',
  path: '/catalogue/dramas/:id/pricing',
  access: EDITORS,
  summary: 'Sets how many episodes are free and the coin prices of one episode and of all',
  params: dramaParams,
  body: dramaPricingSchema.extend({ reason }).strict(),
  data: consoleDramaSchema,
});

export const consolePublishDrama = defineConsoleEndpoint({
  method: 'POST',
  path: '/catalogue/dramas/:id/publish',
  access: EDITORS,
  summary: 'Shows the drama to viewers now (it needs a poster and an episode)',
  params: dramaParams,
  body: reasonBody,
  data: consoleDramaSchema,
});

export const consoleUnpublishDrama = defineConsoleEndpoint({
  method: 'POST',
  path: '/catalogue/dramas/:id/unpublish',
  access: EDITORS,
  summary: 'Hides the drama from viewers (a scheduled release is cancelled)',
  params: dramaParams,
  body: reasonBody,
  data: consoleDramaSchema,
});

export const consoleScheduleDrama = defineConsoleEndpoint({
  method: 'POST',
  path: '/catalogue/dramas/:id/schedule',
  access: EDITORS,
  summary: `Releases the drama at a time to come (at most ${SCHEDULE_MAX_DAYS} days ahead)`,
  params: dramaParams,
  body: z.object({ published_at: z.iso.datetime({ offset: true }), reason }).strict(),
  data: consoleDramaSchema,
});

export const consoleUploadArtwork = defineConsoleEndpoint({
  method: 'PUT',
  path: '/catalogue/dramas/:id/artwork/:kind',
  access: EDITORS,
  summary: `Replaces the poster or banner (multipart field "file", an image ≤ ${ARTWORK_MAX_BYTES / 1024 / 1024} MB); re-encoded to JPEG and WebP`,
  params: dramaParams.extend({ kind: z.enum(ARTWORK_KINDS) }),
  multipart: true,
  body: uploadBody,
  data: consoleDramaSchema,
});

export const consoleReorderEpisodes = defineConsoleEndpoint({
  method: 'PUT',
  path: '/catalogue/dramas/:id/episodes/order',
  access: EDITORS,
  summary: "Renumbers the drama's episodes 1..n in the order given (every episode id, once)",
  params: dramaParams,
  body: z
    .object({
      episode_ids: z.array(positiveId).min(1).max(10_000),
      reason,
    })
    .strict(),
  data: consoleDramaSchema,
});

export const episodeTextFieldsSchema = z.object({ title: episodeTitleSchema });

export const consoleUpdateEpisode = defineConsoleEndpoint({
  method: 'PUT',
  path: '/catalogue/dramas/:id/episodes/:episodeId',
  access: EDITORS,
  summary: "Changes an episode's titles",
  params: episodeParams,
  body: episodeTextFieldsSchema.extend({ reason }).strict(),
  data: consoleDramaSchema,
});

export const consoleDeleteEpisode = defineConsoleEndpoint({
  method: 'DELETE',
  path: '/catalogue/dramas/:id/episodes/:episodeId',
  access: EDITORS,
  summary: 'Deletes an episode of a drama that is not published (nobody may have unlocked it); the rest close up',
  params: episodeParams,
  body: reasonBody,
  data: consoleDramaSchema,
});

export const consoleUploadSubtitle = defineConsoleEndpoint({
  method: 'PUT',
  path: '/catalogue/dramas/:id/episodes/:episodeId/subtitles/:lang',
  access: EDITORS,
  summary: `Adds or replaces an episode's subtitles in one language (multipart field "file", WebVTT ≤ ${SUBTITLE_MAX_BYTES / 1024} KB)`,
  params: episodeParams.extend({ lang: z.enum(LANGUAGES) }),
  multipart: true,
  body: uploadBody,
  data: consoleDramaSchema,
});

export const consoleRemoveSubtitle = defineConsoleEndpoint({
  method: 'DELETE',
  path: '/catalogue/dramas/:id/episodes/:episodeId/subtitles/:lang',
  access: EDITORS,
  summary: "Removes an episode's subtitles in one language",
  params: episodeParams.extend({ lang: z.enum(LANGUAGES) }),
  body: reasonBody,
  data: consoleDramaSchema,
});
