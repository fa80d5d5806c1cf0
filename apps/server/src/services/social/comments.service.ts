import { Code, type Comment, type CommentReportReason, type Page, type PageQuery } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import type { CommentRow } from '../../db/social.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { CommentReportsRepository } from '../../repositories/comment-reports.repository.js';
import { CommentsRepository, type CommentWithAuthor } from '../../repositories/comments.repository.js';
import type { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import { enforceRateLimit, type RateLimiter } from '../rate-limit/rate-limiter.js';
import type { UserService } from '../user.service.js';
import { pageFrom, sliceOf } from './page.js';
import { requireEpisode } from './social-targets.js';

/** Most comments one user may post per window: enough for a lively thread, too few to flood one. */
export const COMMENT_RATE_LIMIT = 10;
export const COMMENT_RATE_WINDOW_S = 60;
/** Most reports one viewer may send per window: a viewer reads a few bad comments, not a hundred. */
export const COMMENT_REPORT_RATE_LIMIT = 10;
export const COMMENT_REPORT_RATE_WINDOW_S = 600;

export interface CommentsServiceDeps {
  db: Db;
  targets: SocialTargetsRepository;
  rateLimiter: RateLimiter;
  users: Pick<UserService, 'getActive'>;
  clock: Clock;
  mediaBaseUrl: string;
}

/**
 * Comments on episodes. The text arrives trimmed and 1–140 characters (contract) and is stored
 * exactly so: no HTML escaping here, clients render it as text. Deleting is soft (deleted_at),
 * and only the author may do it.
 */
export class CommentsService {
  private readonly comments: CommentsRepository;
  private readonly reports: CommentReportsRepository;

  constructor(private readonly deps: CommentsServiceDeps) {
    this.comments = new CommentsRepository(deps.db);
    this.reports = new CommentReportsRepository(deps.db);
  }

  async list(episodeId: number, viewerId: number | null, query: PageQuery): Promise<Page<Comment>> {
    await requireEpisode(this.deps.targets, episodeId, this.deps.clock());
    const [rows, total] = await Promise.all([
      this.comments.listByEpisode(episodeId, viewerId, sliceOf(query)),
      this.comments.countByEpisode(episodeId, viewerId),
    ]);
    const list = rows.map((row) => this.toComment(row.comment, row.author, viewerId));
    return pageFrom(list, total, query);
  }

  async post(episodeId: number, userId: number, text: string): Promise<Comment> {
    await requireEpisode(this.deps.targets, episodeId, this.deps.clock());
    const author = await this.deps.users.getActive(userId);
    if (author.commentsBlockedAt !== null) {
      throw new AppError(Code.COMMENTS_BLOCKED, 'Moderators have blocked this account from commenting');
    }
    // Counted only for comments that would be stored: a typo'd id should not eat the allowance.
    await enforceRateLimit(this.deps.rateLimiter, `comment:user:${userId}`, COMMENT_RATE_LIMIT, COMMENT_RATE_WINDOW_S);
    const row = await this.comments.insert({
      episodeId,
      userId,
      body: text,
      createdAt: this.deps.clock(),
    });
    return this.toComment(row, author, userId);
  }

  async delete(commentId: number, userId: number): Promise<void> {
    const row = await this.comments.findLive(commentId);
    if (!row) throw new AppError(Code.NOT_FOUND, 'No such comment', { comment_id: commentId });
    if (row.userId !== userId) throw new AppError(Code.FORBIDDEN, 'Only the author may delete a comment');
    // A concurrent delete of the same comment may have won in between: it is gone either way.
    if (!(await this.comments.softDelete(commentId, userId, this.deps.clock()))) {
      throw new AppError(Code.NOT_FOUND, 'No such comment', { comment_id: commentId });
    }
  }

  /**
   * A viewer reports someone else's comment to the moderators. A comment the viewer cannot see
   * (deleted, or hidden from everyone but its author) is not found. Once per comment and viewer:
   * answers false when this viewer had already reported it, and stores nothing then.
   */
  async report(commentId: number, userId: number, reason: CommentReportReason): Promise<boolean> {
    const row = await this.comments.findLive(commentId);
    if (!row || (row.hiddenAt !== null && row.userId !== userId)) {
      throw new AppError(Code.NOT_FOUND, 'No such comment', { comment_id: commentId });
    }
    if (row.userId === userId) throw new AppError(Code.COMMENT_REPORT_OWN, 'You cannot report your own comment');
    await enforceRateLimit(
      this.deps.rateLimiter,
      `comment-report:user:${userId}`,
      COMMENT_REPORT_RATE_LIMIT,
      COMMENT_REPORT_RATE_WINDOW_S,
    );
    return this.reports.insertOnce({ commentId, userId, reason, createdAt: this.deps.clock() });
  }

  /** A deleted account shows no name and no picture (deletion wipes them anyway). */
  private toComment(row: CommentRow, author: CommentWithAuthor['author'], viewerId: number | null): Comment {
    const gone = author.deletedAt !== null;
    return {
      id: row.id,
      episode_id: row.episodeId,
      uid: row.userId,
      nickname: gone ? '' : author.nickname,
      avatar: gone ? '' : publicMediaUrl(this.deps.mediaBaseUrl, author.avatar),
      text: row.body,
      created_at: row.createdAt.toISOString(),
      mine: viewerId !== null && row.userId === viewerId,
      // Only its author is ever answered a hidden comment (the list's query leaves it out for others).
      hidden: row.hiddenAt !== null,
    };
  }
}
