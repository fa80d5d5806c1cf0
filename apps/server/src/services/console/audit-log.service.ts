import type { AuditEntry } from '@cliffhanger/contract/console';
import type { Db } from '../../db/database.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';

/** The audit viewer's query, validated by the contract (times ISO 8601, cursor a previous page's). */
interface AuditQuery {
  operator_id?: number | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  size: number;
}

/**
 * Reads the audit log for admins (docs/console.md#audit-log), newest first. Pages are keyed by
 * entry id rather than offset: the next page starts below the last id shown, so it costs the same
 * at any depth and entries appended meanwhile neither repeat nor push others onto the next page.
 */
export class AuditLogService {
  private readonly audit: OperatorsAuditRepository;

  constructor(deps: { db: Db }) {
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  async page(query: AuditQuery): Promise<{ list: AuditEntry[]; next_cursor: string | null }> {
    const rows = await this.audit.page(
      {
        operatorId: query.operator_id,
        actionPrefix: query.action,
        target: query.target,
        from: query.from === undefined ? undefined : new Date(query.from),
        to: query.to === undefined ? undefined : new Date(query.to),
        beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
      },
      // One more than shown tells whether another page exists.
      query.size + 1,
    );
    const shown = rows.slice(0, query.size);
    const last = shown.at(-1);
    return {
      list: shown.map(({ entry, operatorEmail }) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        operator: entry.operatorId === null ? null : { id: entry.operatorId, email: operatorEmail ?? '' },
        action: entry.action,
        target: entry.target,
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason,
      })),
      next_cursor: rows.length > query.size && last ? String(last.entry.id) : null,
    };
  }
}
