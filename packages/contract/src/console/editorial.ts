import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { homeSchema } from '../endpoints/catalog.js';
import { inputString } from '../text.js';
import { requiredReasonSchema } from './audit-reason.js';
import { DRAMA_STATUSES } from './catalogue.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/**
 * Editorial placement on the viewers' home (docs/console.md#editorial): the banner carousel and
 * the recommended shelf, each an ordered list of dramas. Home shows up to ten ranked dramas in each
 * (its shelf size), so a longer list would place dramas no viewer sees.
 */
export const EDITORIAL_MAX_BANNERS = 10;
export const EDITORIAL_MAX_SHELF = 10;

const EDITORIAL_ACCESS = ['editor'] as const;

export const editorialDramaSchema = z.object({
  id: z.number().int(),
  /** The English title (every drama has one). */
  title: z.string(),
  poster: z.string(),
  /** Null when the drama has no banner image: it cannot go on the banner carousel. */
  banner: z.string().nullable(),
  status: z.enum(DRAMA_STATUSES),
  published_at: z.string().nullable(),
});
export type EditorialDrama = z.infer<typeof editorialDramaSchema>;

export const editorialSchema = z.object({
  banners: z.array(editorialDramaSchema),
  shelf: z.array(editorialDramaSchema),
});
export type Editorial = z.infer<typeof editorialSchema>;

function orderBody(max: number) {
  return z.strictObject({
    /** The new order, first shown first; a drama left out leaves the list. */
    drama_ids: z
      .array(z.number().int().positive())
      .max(max, { error: `at most ${max} dramas` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'lists a drama twice' }),
    reason: requiredReasonSchema,
  });
}

export const consoleGetEditorial = defineConsoleEndpoint({
  method: 'GET',
  path: '/editorial',
  access: EDITORIAL_ACCESS,
  summary: 'The banner carousel and the recommended shelf, in order',
  data: editorialSchema,
});

export const EDITORIAL_CANDIDATES_LIMIT = 20;

export const consoleEditorialCandidates = defineConsoleEndpoint({
  method: 'GET',
  path: '/editorial/candidates',
  access: EDITORIAL_ACCESS,
  summary: `Dramas whose title (any language) contains q, or the latest when q is empty; at most ${EDITORIAL_CANDIDATES_LIMIT}`,
  query: z.object({ q: inputString().trim().max(200).optional() }),
  data: z.array(editorialDramaSchema),
});

export const consoleSetBanners = defineConsoleEndpoint({
  method: 'PUT',
  path: '/editorial/banners',
  access: EDITORIAL_ACCESS,
  summary: `Sets the banner carousel (at most ${EDITORIAL_MAX_BANNERS}, each with a banner image); answers both lists`,
  body: orderBody(EDITORIAL_MAX_BANNERS),
  data: editorialSchema,
});

export const consoleSetShelf = defineConsoleEndpoint({
  method: 'PUT',
  path: '/editorial/shelf',
  access: EDITORIAL_ACCESS,
  summary: `Sets the recommended shelf (at most ${EDITORIAL_MAX_SHELF}); answers both lists`,
  body: orderBody(EDITORIAL_MAX_SHELF),
  data: editorialSchema,
});

export const consolePreviewHome = defineConsoleEndpoint({
  method: 'GET',
  path: '/editorial/preview',
  access: EDITORIAL_ACCESS,
  summary: "Home as a viewer of the language sees it now: the viewer's GET /home answer",
  query: z.object({ lang: z.enum(LANGUAGES) }),
  data: homeSchema,
});
