import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { operatorAuditLog, operators } from '../db/schema.js';

type AuditRow = typeof operatorAuditLog.$inferSelect;

/** What the audit viewer filters by; every field is optional and they combine. */
export interface AuditFilter {
  operatorId?: number | undefined;
  /** A prefix of the action (`drama.`). */
  actionPrefix?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Entries older than this id (the previous page's last). */
  beforeId?: number | undefined;
}

/** An entry with the e-mail of its operator (null for the command line). */
export interface AuditListRow {
  entry: AuditRow;
  operatorEmail: string | null;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL for operator_audit_log: inserts and reads only, the table refuses anything else (migration 0009). */
export class OperatorsAuditRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof operatorAuditLog.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(operatorAuditLog).values(values);
  }

  /** Up to `limit` entries newest first (by id, which never repeats, so pages neither overlap nor skip). */
  async page(filter: AuditFilter, limit: number): Promise<AuditListRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.operatorId === undefined ? undefined : eq(operatorAuditLog.operatorId, filter.operatorId),
      filter.actionPrefix === undefined ? undefined : like(operatorAuditLog.action, likePrefix(filter.actionPrefix)),
      filter.target === undefined ? undefined : eq(operatorAuditLog.target, filter.target),
      filter.from === undefined ? undefined : gte(operatorAuditLog.at, filter.from),
      filter.to === undefined ? undefined : lt(operatorAuditLog.at, filter.to),
      filter.beforeId === undefined ? undefined : lt(operatorAuditLog.id, filter.beforeId),
    ];
    return this.db
      .select({ entry: operatorAuditLog, operatorEmail: operators.email })
      .from(operatorAuditLog)
      .leftJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
      .where(and(...conditions))
      .orderBy(desc(operatorAuditLog.id))
      .limit(limit);
  }
}
