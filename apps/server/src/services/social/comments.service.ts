import { Code, type Comment, type Page, type PageQuery } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import type { CommentRow } from '../../db/social.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
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

  constructor(private readonly deps: CommentsServiceDeps) {
    this.comments = new CommentsRepository(deps.db);
  }

  async list(episodeId: number, viewerId: number | null, query: PageQuery): Promise<Page<Comment>> {
    await requireEpisode(this.deps.targets, episodeId);
    const [rows, total] = await Promise.all([
      this.comments.listByEpisode(episodeId, sliceOf(query)),
      this.comments.countByEpisode(episodeId),
    ]);
    const list = rows.map((row) => this.toComment(row.comment, row.author, viewerId));
    return pageFrom(list, total, query);
  }

  async post(episodeId: number, userId: number, text: string): Promise<Comment> {
    await requireEpisode(this.deps.targets, episodeId);
    const author = await this.deps.users.getActive(userId);
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
    };
  }
}
