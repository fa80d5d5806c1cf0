import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { comments, type CommentRow } from '../db/social.schema.js';
import { users, type UserRow } from '../db/users.schema.js';

/** A live comment with what the list shows about its author. */
export interface CommentWithAuthor {
  comment: CommentRow;
  author: Pick<UserRow, 'nickname' | 'avatar' | 'deletedAt'>;
}

export interface Slice {
  limit: number;
  offset: number;
}

/**
 * What `viewerId` may see of an episode's comments: none deleted, and none hidden by moderators
 * but the viewer's own (its author still sees it, with a notice).
 */
function visibleTo(episodeId: number, viewerId: number | null): SQL | undefined {
  const notHidden = isNull(comments.hiddenAt);
  return and(
    eq(comments.episodeId, episodeId),
    isNull(comments.deletedAt),
    viewerId === null ? notHidden : or(notHidden, eq(comments.userId, viewerId)),
  );
}

/** SQL for the comments table. Deleted comments (deleted_at set) are invisible to every read. */
export class CommentsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof comments.$inferInsert, tx: Db = this.db): Promise<CommentRow> {
    const [row] = await tx.insert(comments).values(values).returning();
    if (!row) throw new Error('insert into comments returned no row');
    return row;
  }

  /** Newest first; the id breaks ties between comments posted in the same instant. */
  async listByEpisode(
    episodeId: number,
    viewerId: number | null,
    slice: Slice,
    tx: Db = this.db,
  ): Promise<CommentWithAuthor[]> {
    return tx
      .select({
        comment: comments,
        author: { nickname: users.nickname, avatar: users.avatar, deletedAt: users.deletedAt },
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(visibleTo(episodeId, viewerId))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(slice.limit)
      .offset(slice.offset);
  }

  async countByEpisode(episodeId: number, viewerId: number | null, tx: Db = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(comments).where(visibleTo(episodeId, viewerId));
    return row?.n ?? 0;
  }

  async findLive(id: number, tx: Db = this.db): Promise<CommentRow | undefined> {
    const [row] = await tx
      .select()
      .from(comments)
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
      .limit(1);
    return row;
  }

  /**
   * Soft delete by its author only. The conditions are repeated in the UPDATE so that of two
   * concurrent deletes exactly one reports success.
   */
  async softDelete(id: number, userId: number, deletedAt: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(comments)
      .set({ deletedAt })
      .where(and(eq(comments.id, id), eq(comments.userId, userId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    return rows.length > 0;
  }
}
