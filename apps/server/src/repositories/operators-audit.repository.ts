import type { Db } from '../db/database.js';
import { operatorAuditLog } from '../db/schema.js';

/** SQL for operator_audit_log: inserts only, the table refuses anything else (migration 0009). */
export class OperatorsAuditRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof operatorAuditLog.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(operatorAuditLog).values(values);
  }
}
