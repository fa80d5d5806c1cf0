import { z } from 'zod';
import { inputString } from '../text.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/** One thing an operator (or the command line, `operator: null`) did. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** What was done, `area.verb` (`drama.hide`, `operator.role`). */
  action: z.string(),
  /** To what, `kind:id` (`drama:7`, `operator:3`). */
  target: z.string(),
  /** The target's state before and after the change (JSON; null when there was none). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 100;

/**
 * Filters combine (AND). `cursor` is the `next_cursor` of the previous page: pages are keyed by
 * entry id, newest first, so entries written while an admin reads neither repeat nor shift.
 */
export const auditQuerySchema = z
  .object({
    operator_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    /** A prefix of the action: `drama.` for everything done to dramas, `operator.role` for one action. */
    action: inputString().trim().min(1).max(100).optional(),
    /** Exactly this target, e.g. `drama:7`. */
    target: inputString().trim().min(1).max(200).optional(),
    /** From this moment (inclusive) ... */
    from: z.iso.datetime({ offset: true }).optional(),
    /** ... to this one (exclusive). */
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, { error: 'must be a next_cursor from a previous page' })
      .optional(),
    size: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    error: 'must be after from',
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const consoleAuditLog = defineConsoleEndpoint({
  method: 'GET',
  path: '/audit',
  access: ['admin'],
  summary: 'The audit log newest first, by operator, action prefix, target and time range (keyset pages)',
  query: auditQuerySchema,
  data: z.object({ list: z.array(auditEntrySchema), next_cursor: z.string().nullable() }),
});
