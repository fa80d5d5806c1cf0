import type { CommentReportReason } from '@cliffhanger/contract';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { dramas, episodes, type LocalisedText } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { commentReports, comments, type CommentRow } from '../db/social.schema.js';
import { users } from '../db/users.schema.js';

/** A comment as the moderation lists show it, before its reports are counted. */
export interface ModerationCommentRow {
  comment: CommentRow;
  author: { id: number; nickname: string; commentsBlockedAt: Date | null };
  episode: { id: number; number: number };
  drama: { id: number; title: LocalisedText };
}

/** The unsettled reports of one comment, per reason. */
export interface UnsettledReports {
  commentId: number;
  reason: CommentReportReason;
  count: number;
  lastAt: Date;
}

export interface ModerationPage {
  rows: ModerationCommentRow[];
  total: number;
}

interface ListFilter {
  dramaId: number | undefined;
  limit: number;
  offset: number;
}

/** A report is unsettled when it came after the last moderator's decision on its comment. */
const unsettled = gt(commentReports.createdAt, sql`coalesce(${comments.reportsReviewedAt}, '-infinity'::timestamptz)`);

const rowShape = {
  comment: comments,
  author: { id: users.id, nickname: users.nickname, commentsBlockedAt: users.commentsBlockedAt },
  episode: { id: episodes.id, number: episodes.number },
  drama: { id: dramas.id, title: dramas.title },
  total: sql<number>`(count(*) over ())::int`,
};

/** SQL of the console's comment moderation: the lists, the row locks and the moderators' changes. */
export class ConsoleCommentsRepository {
  constructor(private readonly db: Db) {}

  /** Every comment, newest first (the id breaks ties), optionally of one drama. */
  async newest(filter: ListFilter, tx: Db = this.db): Promise<ModerationPage> {
    const rows = await tx
      .select(rowShape)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(episodes, eq(episodes.id, comments.episodeId))
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(filter.dramaId === undefined ? undefined : eq(episodes.dramaId, filter.dramaId))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(filter.limit)
      .offset(filter.offset);
    return pageOf(rows);
  }

  /**
   * Comments not deleted that have unsettled reports: the most reported first, then the most
   * recently reported.
   */
  async reported(filter: ListFilter, tx: Db = this.db): Promise<ModerationPage> {
    const open = tx
      .select({
        commentId: commentReports.commentId,
        count: sql<number>`count(*)::int`.as('open_count'),
        lastAt: sql<Date>`max(${commentReports.createdAt})`.as('open_last_at'),
      })
      .from(commentReports)
      .innerJoin(comments, eq(comments.id, commentReports.commentId))
      .where(and(isNull(comments.deletedAt), unsettled))
      .groupBy(commentReports.commentId)
      .as('open_reports');
    const rows = await tx
      .select(rowShape)
      .from(open)
      .innerJoin(comments, eq(comments.id, open.commentId))
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(episodes, eq(episodes.id, comments.episodeId))
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(filter.dramaId === undefined ? undefined : eq(episodes.dramaId, filter.dramaId))
      .orderBy(desc(open.count), desc(open.lastAt), desc(comments.id))
      .limit(filter.limit)
      .offset(filter.offset);
    return pageOf(rows);
  }

  /** One comment as the lists show it (deleted ones too). */
  async findOne(commentId: number, tx: Db = this.db): Promise<ModerationCommentRow | undefined> {
    const [row] = await tx
      .select(rowShape)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(episodes, eq(episodes.id, comments.episodeId))
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(eq(comments.id, commentId))
      .limit(1);
    if (!row) return undefined;
    const { total: _total, ...found } = row;
    return found;
  }

  /** The unsettled reports of these comments, counted per comment and reason. */
  async unsettledReports(commentIds: readonly number[], tx: Db = this.db): Promise<UnsettledReports[]> {
    if (commentIds.length === 0) return [];
    const rows = await tx
      .select({
        commentId: commentReports.commentId,
        reason: commentReports.reason,
        count: sql<number>`count(*)::int`,
        lastAt: sql<Date>`max(${commentReports.createdAt})`.mapWith(commentReports.createdAt),
      })
      .from(commentReports)
      .innerJoin(comments, eq(comments.id, commentReports.commentId))
      .where(and(inArray(commentReports.commentId, [...commentIds]), unsettled))
      .groupBy(commentReports.commentId, commentReports.reason);
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  /** The comment's row, locked until the transaction ends: moderators' changes to it take turns. */
  async lock(commentId: number, tx: Db): Promise<CommentRow | undefined> {
    const [row] = await tx.select().from(comments).where(eq(comments.id, commentId)).for('update').limit(1);
    return row;
  }

  async update(
    commentId: number,
    changes: Partial<Pick<CommentRow, 'hiddenAt' | 'deletedAt' | 'reportsReviewedAt'>>,
    tx: Db,
  ): Promise<void> {
    await tx.update(comments).set(changes).where(eq(comments.id, commentId));
  }

  /** The author's row, locked until the transaction ends. */
  async lockAuthor(
    userId: number,
    tx: Db,
  ): Promise<{ id: number; nickname: string; commentsBlockedAt: Date | null } | undefined> {
    const [row] = await tx
      .select({ id: users.id, nickname: users.nickname, commentsBlockedAt: users.commentsBlockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    return row;
  }

  async setCommentsBlocked(userId: number, at: Date | null, tx: Db): Promise<void> {
    await tx.update(users).set({ commentsBlockedAt: at }).where(eq(users.id, userId));
  }
}

function pageOf(rows: (ModerationCommentRow & { total: number })[]): ModerationPage {
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}
