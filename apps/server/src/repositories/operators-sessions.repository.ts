import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { operators, operatorSessions } from '../db/schema.js';

type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/** A session found by its token hash, with what the console needs of its operator. */
export interface OperatorSessionLookup {
  session: OperatorSessionRow;
  operator: { id: number; email: string; role: (typeof operators.$inferSelect)['role']; disabledAt: Date | null };
}

/** SQL for operator_sessions. */
export class OperatorsSessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: Omit<OperatorSessionRow, 'id'>): Promise<void> {
    await this.db.insert(operatorSessions).values(values);
  }

  async findByTokenHash(tokenHash: string): Promise<OperatorSessionLookup | undefined> {
    const [row] = await this.db
      .select({
        session: operatorSessions,
        operator: { id: operators.id, email: operators.email, role: operators.role, disabledAt: operators.disabledAt },
      })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.tokenHash, tokenHash));
    return row;
  }

  async touch(id: number, lastSeenAt: Date): Promise<void> {
    await this.db.update(operatorSessions).set({ lastSeenAt }).where(eq(operatorSessions.id, id));
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    await this.db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
  }

  /** Ends every session of the operator but the one of `keepTokenHash` (when given); how many ended. */
  async deleteAllOf(operatorId: number, tx: Db = this.db, keepTokenHash?: string): Promise<number> {
    const rows = await tx
      .delete(operatorSessions)
      .where(
        and(
          eq(operatorSessions.operatorId, operatorId),
          keepTokenHash === undefined ? undefined : ne(operatorSessions.tokenHash, keepTokenHash),
        ),
      )
      .returning({ id: operatorSessions.id });
    return rows.length;
  }
}
