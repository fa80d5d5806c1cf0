import type { CommentReportReason } from '@cliffhanger/contract';
import type { Db } from '../db/database.js';
import { commentReports } from '../db/social.schema.js';

/** SQL for viewers' reports of comments. */
export class CommentReportsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One report per comment and viewer: the primary key makes a repeat (or two taps racing) do
   * nothing. True when this call stored the report.
   */
  async insertOnce(
    values: { commentId: number; userId: number; reason: CommentReportReason; createdAt: Date },
    tx: Db = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .insert(commentReports)
      .values(values)
      .onConflictDoNothing({ target: [commentReports.commentId, commentReports.userId] })
      .returning({ commentId: commentReports.commentId });
    return rows.length > 0;
  }
}
