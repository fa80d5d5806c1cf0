import { COMMENT_REPORT_REASONS, Code, type Page, type PageQuery } from '@cliffhanger/contract';
import {
  MODERATION_DRAMAS_LIMIT,
  type ModerationAuthor,
  type ModerationComment,
  type ModerationDrama,
} from '@cliffhanger/contract/console';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { CommentRow } from '../../db/social.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import {
  ConsoleCommentsRepository,
  type ModerationCommentRow,
  type ModerationPage,
  type UnsettledReports,
} from '../../repositories/console-comments.repository.js';
import { DramaTitlesRepository } from '../../repositories/drama-titles.repository.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { pageFrom, sliceOf } from '../social/page.js';

export interface ModerationServiceDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told after a comment is hidden, shown again or deleted, so every process drops its cached comment counts. */
  changes: Pick<CatalogChanges, 'publish'>;
}

export interface ModerationActor {
  operatorId: number;
  reason: string;
}

type ModerationQuery = PageQuery & { drama_id?: number | undefined };

/** The fields a moderator's action changes; null when it would change nothing. */
type CommentChange = Partial<Pick<CommentRow, 'hiddenAt' | 'deletedAt' | 'reportsReviewedAt'>> | null;

interface CommentAction {
  action: string;
  /** What the action does to the comment as it is now (locked); a deleted comment never reaches it. */
  change: (row: CommentRow, now: Date, unsettled: number) => CommentChange;
  /** Whether viewers see the difference: their cached comment counts must go. */
  visible: boolean;
  /** Whether a deleted comment answers as it is (a repeat delete) rather than 80140. */
  allowDeleted?: boolean;
}

const HIDE: CommentAction = {
  action: 'comment.hide',
  visible: true,
  // Hiding decides on the reports made so far: they leave the reported list.
  change: (row, now) => (row.hiddenAt === null ? { hiddenAt: now, reportsReviewedAt: now } : null),
};
const UNHIDE: CommentAction = {
  action: 'comment.unhide',
  visible: true,
  change: (row) => (row.hiddenAt === null ? null : { hiddenAt: null }),
};
const KEEP: CommentAction = {
  action: 'comment.keep',
  visible: false,
  change: (_row, now, unsettled) => (unsettled > 0 ? { reportsReviewedAt: now } : null),
};
const DELETE: CommentAction = {
  action: 'comment.delete',
  visible: true,
  allowDeleted: true,
  change: (row, now) => (row.deletedAt === null ? { deletedAt: now, reportsReviewedAt: now } : null),
};

/**
 * Comment moderation (docs/console.md#moderation). Each action locks the comment's (or author's)
 * row, changes it and writes the audit entry in one transaction; an action that would change
 * nothing writes nothing. Hiding, showing again and deleting then tell every process, so viewers'
 * cached comment counts follow at once here and within a Redis round trip elsewhere (the comment
 * lists themselves are read fresh on every request).
 */
export class ModerationService {
  private readonly comments: ConsoleCommentsRepository;
  private readonly audit: OperatorsAuditRepository;
  private readonly dramas: DramaTitlesRepository;

  constructor(private readonly deps: ModerationServiceDeps) {
    this.comments = new ConsoleCommentsRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
    this.dramas = new DramaTitlesRepository(deps.db);
  }

  /** Dramas to filter by, by a piece of their title in any language; the newest when `q` is empty. */
  async dramasTitled(q: string | undefined): Promise<ModerationDrama[]> {
    const rows = await this.dramas.search(q, MODERATION_DRAMAS_LIMIT);
    return rows.map((row) => ({ id: row.id, title: row.title.en }));
  }

  async drama(id: number): Promise<ModerationDrama> {
    const row = await this.dramas.find(id);
    if (!row) throw new AppError(Code.NOT_FOUND, `No drama with id ${id}`);
    return { id: row.id, title: row.title.en };
  }

  async reported(query: ModerationQuery): Promise<Page<ModerationComment>> {
    return this.page(await this.comments.reported(this.filterOf(query)), query);
  }

  async newest(query: ModerationQuery): Promise<Page<ModerationComment>> {
    return this.page(await this.comments.newest(this.filterOf(query)), query);
  }

  hide(commentId: number, actor: ModerationActor): Promise<ModerationComment> {
    return this.act(commentId, actor, HIDE);
  }

  unhide(commentId: number, actor: ModerationActor): Promise<ModerationComment> {
    return this.act(commentId, actor, UNHIDE);
  }

  keep(commentId: number, actor: ModerationActor): Promise<ModerationComment> {
    return this.act(commentId, actor, KEEP);
  }

  delete(commentId: number, actor: ModerationActor): Promise<ModerationComment> {
    return this.act(commentId, actor, DELETE);
  }

  /** Blocks (`blocked`) or unblocks a viewer from commenting; their comments so far stay as they are. */
  async setCommentsBlocked(userId: number, blocked: boolean, actor: ModerationActor): Promise<ModerationAuthor> {
    const author = await this.deps.db.transaction(async (tx) => {
      const row = await this.comments.lockAuthor(userId, tx);
      if (!row) throw new AppError(Code.NOT_FOUND, 'No such viewer', { uid: userId });
      if ((row.commentsBlockedAt !== null) === blocked) return row;
      const at = blocked ? this.deps.clock() : null;
      await this.comments.setCommentsBlocked(userId, at, tx);
      await this.audit.insert(
        {
          operatorId: actor.operatorId,
          at: this.deps.clock(),
          action: blocked ? 'user.comment_block' : 'user.comment_unblock',
          target: `user:${userId}`,
          before: { comments_blocked_at: iso(row.commentsBlockedAt) },
          after: { comments_blocked_at: iso(at) },
          reason: actor.reason,
        },
        tx,
      );
      return { ...row, commentsBlockedAt: at };
    });
    return { uid: author.id, nickname: author.nickname, comments_blocked_at: iso(author.commentsBlockedAt) };
  }

  private async act(commentId: number, actor: ModerationActor, what: CommentAction): Promise<ModerationComment> {
    const changed = await this.deps.db.transaction(async (tx) => {
      const row = await this.comments.lock(commentId, tx);
      if (!row) throw new AppError(Code.NOT_FOUND, 'No such comment', { comment_id: commentId });
      if (row.deletedAt !== null && !what.allowDeleted) {
        throw new AppError(Code.MODERATION_COMMENT_DELETED, 'The comment was deleted', { comment_id: commentId });
      }
      const unsettled = countOf(await this.comments.unsettledReports([commentId], tx));
      const now = this.deps.clock();
      const change = what.change(row, now, unsettled);
      if (change === null) return false;
      await this.comments.update(commentId, change, tx);
      const settles = change.reportsReviewedAt !== undefined;
      await this.audit.insert(
        {
          operatorId: actor.operatorId,
          at: now,
          action: what.action,
          target: `comment:${commentId}`,
          before: {
            ...snapshot(row, change),
            ...(settles ? { unsettled_reports: unsettled } : {}),
          },
          after: {
            ...snapshot({ ...row, ...change }, change),
            ...(settles ? { unsettled_reports: 0 } : {}),
          },
          reason: actor.reason,
        },
        tx,
      );
      return true;
    });
    if (changed && what.visible) await this.announce();
    const found = await this.comments.findOne(commentId);
    if (!found) throw new AppError(Code.NOT_FOUND, 'No such comment', { comment_id: commentId });
    return (await this.views([found]))[0] as ModerationComment;
  }

  /**
   * The change has committed whatever happens here: a Redis that does not answer must not turn
   * it into an error. This process has already dropped its cache; the others catch up within the
   * public answers' few seconds of life.
   */
  private async announce(): Promise<void> {
    try {
      await this.deps.changes.publish();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'comment moderation saved, but other processes could not be told');
    }
  }

  private filterOf(query: ModerationQuery) {
    return { dramaId: query.drama_id, ...sliceOf(query) };
  }

  private async page(found: ModerationPage, query: PageQuery): Promise<Page<ModerationComment>> {
    return pageFrom(await this.views(found.rows), found.total, query);
  }

  private async views(rows: ModerationCommentRow[]): Promise<ModerationComment[]> {
    const reports = await this.comments.unsettledReports(rows.map((row) => row.comment.id));
    return rows.map((row) =>
      toView(
        row,
        reports.filter((report) => report.commentId === row.comment.id),
      ),
    );
  }
}

function iso(at: Date | null): string | null {
  return at?.toISOString() ?? null;
}

function countOf(reports: readonly UnsettledReports[]): number {
  return reports.reduce((sum, report) => sum + report.count, 0);
}

const SNAPSHOT_FIELDS = {
  hiddenAt: 'hidden_at',
  deletedAt: 'deleted_at',
  reportsReviewedAt: 'reports_reviewed_at',
} as const;

/** The fields `change` touches, as the audit log keeps them. */
function snapshot(row: CommentRow, change: NonNullable<CommentChange>): Record<string, string | null> {
  return Object.fromEntries(
    (Object.keys(change) as (keyof typeof SNAPSHOT_FIELDS)[]).map((field) => [SNAPSHOT_FIELDS[field], iso(row[field])]),
  );
}

function toView(row: ModerationCommentRow, reports: readonly UnsettledReports[]): ModerationComment {
  const { comment } = row;
  const reasons = Object.fromEntries(
    COMMENT_REPORT_REASONS.map((reason) => [
      reason,
      reports.filter((report) => report.reason === reason).reduce((sum, report) => sum + report.count, 0),
    ]),
  ) as ModerationComment['reports']['reasons'];
  const last = reports.reduce<Date | null>(
    (max, report) => (max === null || report.lastAt > max ? report.lastAt : max),
    null,
  );
  return {
    id: comment.id,
    text: comment.body,
    created_at: comment.createdAt.toISOString(),
    state: comment.deletedAt !== null ? 'deleted' : comment.hiddenAt !== null ? 'hidden' : 'visible',
    hidden_at: iso(comment.hiddenAt),
    deleted_at: iso(comment.deletedAt),
    author: {
      uid: row.author.id,
      nickname: row.author.nickname,
      comments_blocked_at: iso(row.author.commentsBlockedAt),
    },
    episode: row.episode,
    drama: { id: row.drama.id, title: row.drama.title.en },
    reports: { unsettled: countOf(reports), reasons, last_at: iso(last) },
    reports_reviewed_at: iso(comment.reportsReviewedAt),
  };
}
