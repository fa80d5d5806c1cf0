import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { dramaCardSchema } from './catalog.js';

/**
 * The For You feed (docs/recommendations.md): one drama's opening per swipe. A signed-in viewer's
 * feed puts dramas like the ones they finished, collected or are watching first, mixed with what is
 * trending; a visitor's is what is trending. Dramas the viewer finished never appear.
 */
export const FEED_REASONS = ['similar', 'trending'] as const;
export type FeedReason = (typeof FEED_REASONS)[number];

export const feedItemSchema = z.object({
  drama: dramaCardSchema,
  /** The drama's opening: its first free episode, playable by anyone. */
  episode_id: z.number().int(),
  /** Why it is here: like something the viewer watched, or trending. */
  reason: z.enum(FEED_REASONS),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const forYouQuerySchema = z.object({
  lang: z.enum(LANGUAGES).optional(),
  /** The `next_cursor` of the previous page; absent for the first. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, { error: 'must be a next_cursor from a previous page' })
    .optional(),
});

export const forYouPageSchema = z.object({
  list: z.array(feedItemSchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ForYouPage = z.infer<typeof forYouPageSchema>;

export const getForYou = defineEndpoint({
  method: 'GET',
  path: '/feed/for-you',
  auth: 'optional',
  summary: "For You: dramas' openings ranked for this viewer (similar to what they watched, mixed with trending)",
  query: forYouQuerySchema,
  data: forYouPageSchema,
});
