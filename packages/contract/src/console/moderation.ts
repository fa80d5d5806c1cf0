import { z } from 'zod';
import { idParamsSchema } from '../endpoints/catalog.js';
import { pageOf, pageQuerySchema } from '../pagination.js';
import { inputString } from '../text.js';
import { COMMENT_REPORT_REASONS } from '../values.js';
import { requiredReasonSchema } from './audit-reason.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/**
 * Comment moderation (docs/console.md#moderation): what viewers reported, the newest comments,
 * and what support does about them: hide, show again, delete, keep (settle the reports), and
 * block an author from commenting.
 */

const MODERATION_ACCESS = ['support'] as const;

/** `visible` to every viewer; `hidden` by moderators (its author still sees it); `deleted` (soft). */
export const MODERATION_COMMENT_STATES = ['visible', 'hidden', 'deleted'] as const;
export type ModerationCommentState = (typeof MODERATION_COMMENT_STATES)[number];

const reasonCounts = z.object(
  Object.fromEntries(COMMENT_REPORT_REASONS.map((reason) => [reason, z.number().int()])) as Record<
    (typeof COMMENT_REPORT_REASONS)[number],
    z.ZodNumber
  >,
);

export const moderationCommentSchema = z.object({
  id: z.number().int(),
  /** Plain text as typed: render it as text. */
  text: z.string(),
  created_at: z.string(),
  state: z.enum(MODERATION_COMMENT_STATES),
  hidden_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  author: z.object({
    uid: z.number().int(),
    nickname: z.string(),
    /** Since when moderators have blocked the author from commenting; null when they may. */
    comments_blocked_at: z.string().nullable(),
  }),
  episode: z.object({ id: z.number().int(), number: z.number().int() }),
  /** The drama's English title. */
  drama: z.object({ id: z.number().int(), title: z.string() }),
  /** Reports no moderator has settled yet (made after the last decision on the comment). */
  reports: z.object({
    unsettled: z.number().int(),
    reasons: reasonCounts,
    /** The newest unsettled report; null without one. */
    last_at: z.string().nullable(),
  }),
  /** When a moderator last decided on its reports (kept, hid or deleted it). */
  reports_reviewed_at: z.string().nullable(),
});
export type ModerationComment = z.infer<typeof moderationCommentSchema>;

export const moderationListQuerySchema = pageQuerySchema.extend({
  /** Only this drama's comments. */
  drama_id: idParamsSchema.shape.id.optional(),
});

export const MODERATION_DRAMAS_LIMIT = 20;

/** A drama the drama filter offers: its id and English title. */
export const moderationDramaSchema = z.object({ id: z.number().int(), title: z.string() });
export type ModerationDrama = z.infer<typeof moderationDramaSchema>;

export const consoleModerationDramas = defineConsoleEndpoint({
  method: 'GET',
  path: '/moderation/dramas',
  access: MODERATION_ACCESS,
  summary: `Dramas to filter comments by: those whose title (any language) contains q, or the newest when q is empty; at most ${MODERATION_DRAMAS_LIMIT}`,
  query: z.object({ q: inputString().trim().max(200).optional() }),
  data: z.array(moderationDramaSchema),
});

export const consoleModerationDrama = defineConsoleEndpoint({
  method: 'GET',
  path: '/moderation/dramas/:id',
  access: MODERATION_ACCESS,
  summary: 'The drama the comments are filtered by: its title for the filter',
  params: idParamsSchema,
  data: moderationDramaSchema,
});

export const moderationAuthorSchema = z.object({
  uid: z.number().int(),
  nickname: z.string(),
  comments_blocked_at: z.string().nullable(),
});
export type ModerationAuthor = z.infer<typeof moderationAuthorSchema>;

const reasonBody = z.strictObject({ reason: requiredReasonSchema });

export const consoleReportedComments = defineConsoleEndpoint({
  method: 'GET',
  path: '/moderation/reported',
  access: MODERATION_ACCESS,
  summary: 'Comments with unsettled reports, the most reported first, then the most recently reported',
  query: moderationListQuerySchema,
  data: pageOf(moderationCommentSchema),
});

export const consoleNewestComments = defineConsoleEndpoint({
  method: 'GET',
  path: '/moderation/comments',
  access: MODERATION_ACCESS,
  summary: 'Every comment, newest first, hidden and deleted ones included',
  query: moderationListQuerySchema,
  data: pageOf(moderationCommentSchema),
});

export const consoleHideComment = defineConsoleEndpoint({
  method: 'POST',
  path: '/moderation/comments/:id/hide',
  access: MODERATION_ACCESS,
  summary: 'Hides a comment from every viewer but its author, and settles its reports',
  params: idParamsSchema,
  body: reasonBody,
  data: moderationCommentSchema,
});

export const consoleUnhideComment = defineConsoleEndpoint({
  method: 'POST',
  path: '/moderation/comments/:id/unhide',
  access: MODERATION_ACCESS,
  summary: 'Shows a hidden comment to viewers again',
  params: idParamsSchema,
  body: reasonBody,
  data: moderationCommentSchema,
});

export const consoleKeepComment = defineConsoleEndpoint({
  method: 'POST',
  path: '/moderation/comments/:id/keep',
  access: MODERATION_ACCESS,
  summary: 'Keeps a reported comment as it is: its reports so far are settled',
  params: idParamsSchema,
  body: reasonBody,
  data: moderationCommentSchema,
});

export const consoleDeleteComment = defineConsoleEndpoint({
  method: 'DELETE',
  path: '/moderation/comments/:id',
  access: MODERATION_ACCESS,
  summary: "Deletes a comment as its author's delete does (soft), and settles its reports",
  params: idParamsSchema,
  body: reasonBody,
  data: moderationCommentSchema,
});

export const consoleBlockCommenter = defineConsoleEndpoint({
  method: 'PUT',
  path: '/moderation/users/:id/comment-block',
  access: MODERATION_ACCESS,
  summary: 'Blocks a viewer from commenting (they still watch and read)',
  params: idParamsSchema,
  body: reasonBody,
  data: moderationAuthorSchema,
});

export const consoleUnblockCommenter = defineConsoleEndpoint({
  method: 'DELETE',
  path: '/moderation/users/:id/comment-block',
  access: MODERATION_ACCESS,
  summary: 'Lets a blocked viewer comment again',
  params: idParamsSchema,
  body: reasonBody,
  data: moderationAuthorSchema,
});
