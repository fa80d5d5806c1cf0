import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users, type NewUserRow, type UserRow } from '../db/schema.js';

/**
 * SQL for the users table and nothing else. Every method takes an optional transaction so a
 * service can combine several writes into one unit (DESIGN §6).
 */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewUserRow, tx: Db = this.db): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    if (!row) throw new Error('insert into users returned no row');
    return row;
  }

  /** Deleted accounts are invisible to the app. */
  async findActiveById(id: number, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }
}
