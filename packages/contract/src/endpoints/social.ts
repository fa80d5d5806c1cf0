import { z } from 'zod';
import { inputMultiline } from '../text.js';
import { defineEndpoint } from '../endpoint.js';
import { COMMENT_MAX, COMMENT_REPORT_REASONS } from '../values.js';
import { pageOf, pageQuerySchema } from '../pagination.js';
import { dramaCardSchema, idParamsSchema, langQuerySchema } from './catalog.js';

/** Comments, likes, favourites, history and shares. */

export const commentBodySchema = z.object({
  text: inputMultiline()
    .max(COMMENT_MAX * 4)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'comment is empty').max(COMMENT_MAX, `comment is longer than ${COMMENT_MAX} characters`)),
});

export const commentSchema = z.object({
  id: z.number().int(),
  episode_id: z.number().int(),
  uid: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** Plain text as typed; clients must render it as text, never as HTML. */
  text: z.string(),
  created_at: z.string(),
  /** The viewer wrote it (and may delete it). */
  mine: z.boolean(),
  /**
   * Hidden by moderators. Only its author is still shown it (with a notice); every other viewer's
   * list leaves it out.
   */
  hidden: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const listComments = defineEndpoint({
  method: 'GET',
  path: '/episodes/:id/comments',
  auth: 'optional',
  summary: 'Comments on an episode, newest first',
  params: idParamsSchema,
  query: pageQuerySchema,
  data: pageOf(commentSchema),
});

export const postComment = defineEndpoint({
  method: 'POST',
  path: '/episodes/:id/comments',
  auth: 'required',
  summary: 'Comment on an episode (1–140 characters)',
  params: idParamsSchema,
  body: commentBodySchema,
  data: commentSchema,
});

export const deleteComment = defineEndpoint({
  method: 'DELETE',
  path: '/comments/:id',
  auth: 'required',
  summary: 'Delete one of your own comments',
  params: idParamsSchema,
  data: z.object({ deleted: z.literal(true) }),
});

export const reportComment = defineEndpoint({
  method: 'POST',
  path: '/comments/:id/report',
  auth: 'required',
  summary: "Report someone else's comment to the moderators (once per comment; a repeat answers 10019)",
  params: idParamsSchema,
  body: z.object({ reason: z.enum(COMMENT_REPORT_REASONS) }),
  data: z.object({ reported: z.literal(true) }),
});

export const likeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int() });

export const likeEpisode = defineEndpoint({
  method: 'PUT',
  path: '/episodes/:id/like',
  auth: 'required',
  summary: 'Like an episode (idempotent)',
  params: idParamsSchema,
  data: likeStateSchema,
});

export const unlikeEpisode = defineEndpoint({
  method: 'DELETE',
  path: '/episodes/:id/like',
  auth: 'required',
  summary: 'Take a like back (idempotent)',
  params: idParamsSchema,
  data: likeStateSchema,
});

export const favoriteItemSchema = dramaCardSchema.extend({ favorited_at: z.string() });
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

export const listFavorites = defineEndpoint({
  method: 'GET',
  path: '/favorites',
  auth: 'required',
  summary: 'Your list, newest first',
  query: pageQuerySchema.extend(langQuerySchema.shape),
  data: pageOf(favoriteItemSchema),
});

export const dramaIdParamsSchema = z.object({ drama_id: idParamsSchema.shape.id });

export const addFavorite = defineEndpoint({
  method: 'PUT',
  path: '/favorites/:drama_id',
  auth: 'required',
  summary: 'Add a drama to your list (idempotent)',
  params: dramaIdParamsSchema,
  data: z.object({ favorited: z.boolean() }),
});

export const removeFavorite = defineEndpoint({
  method: 'DELETE',
  path: '/favorites/:drama_id',
  auth: 'required',
  summary: 'Remove a drama from your list (idempotent)',
  params: dramaIdParamsSchema,
  data: z.object({ favorited: z.boolean() }),
});

export const historyItemSchema = dramaCardSchema.extend({
  episode_id: z.number().int(),
  episode_number: z.number().int(),
  position_s: z.number(),
  duration_s: z.number(),
  watched_at: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const listHistory = defineEndpoint({
  method: 'GET',
  path: '/history',
  auth: 'required',
  summary: 'What you watched, one row per drama, newest first',
  query: pageQuerySchema.extend(langQuerySchema.shape),
  data: pageOf(historyItemSchema),
});

export const saveProgressBodySchema = z.object({
  episode_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Seconds into the episode; clamped to its duration by the server. */
  position_s: z
    .number()
    .min(0)
    .max(24 * 60 * 60),
});

export const saveProgress = defineEndpoint({
  method: 'PUT',
  path: '/history',
  auth: 'required',
  summary: 'Save where you are in an episode (one row per drama)',
  body: saveProgressBodySchema,
  data: z.object({ drama_id: z.number().int(), episode_id: z.number().int(), position_s: z.number() }),
});

export const removeHistory = defineEndpoint({
  method: 'DELETE',
  path: '/history/:drama_id',
  auth: 'required',
  summary: 'Remove one drama from your history',
  params: dramaIdParamsSchema,
  data: z.object({ removed: z.number().int() }),
});

export const clearHistory = defineEndpoint({
  method: 'DELETE',
  path: '/history',
  auth: 'required',
  summary: 'Clear your whole history',
  data: z.object({ removed: z.number().int() }),
});
