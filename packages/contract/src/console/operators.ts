import { z } from 'zod';
import { inputString } from '../text.js';
import { PASSWORD_MAX } from '../values.js';
import { defineConsoleEndpoint, OPERATOR_ROLES } from './console-endpoint.js';

/** An operator as the admins' list shows it. Times are ISO 8601; null when it never happened. */
export const operatorAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** The enrolment link was used: a password and an authenticator are set. */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** Set while too many failed attempts keep the operator out (it is in the future). */
  locked_until: z.string().nullable(),
  /** Until when an unused enrolment link works; null when there is none. */
  enrolment_open_until: z.string().nullable(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

const REASON_MAX = 500;
/** Why the change was made, kept in the audit log beside it. */
const reason = inputString().trim().max(REASON_MAX).optional();
const reasonBody = z.object({ reason }).strict();

const operatorParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** An enrolment link, shown once: only its hash is stored. */
const enrolmentLinkSchema = z.object({
  operator: operatorAccountSchema,
  enrolment_link: z.string(),
  expires_at: z.string(),
});
export type EnrolmentLink = z.infer<typeof enrolmentLinkSchema>;

const ADMIN = ['admin'] as const;

export const consoleListOperators = defineConsoleEndpoint({
  method: 'GET',
  path: '/operators',
  access: ADMIN,
  summary: 'Every operator with role, enrolment, disabled and lock state, last sign-in and activity',
  data: z.object({ list: z.array(operatorAccountSchema) }),
});

export const consoleInviteOperator = defineConsoleEndpoint({
  method: 'POST',
  path: '/operators',
  access: ADMIN,
  summary: 'Creates an operator and answers their one-time enrolment link (72 h), shown this once',
  body: z
    .object({
      email: inputString().trim().min(3).max(254),
      role: z.enum(OPERATOR_ROLES),
      reason,
    })
    .strict(),
  data: enrolmentLinkSchema,
});

export const consoleChangeOperatorRole = defineConsoleEndpoint({
  method: 'POST',
  path: '/operators/:id/role',
  access: ADMIN,
  freshTotp: true,
  summary: "Changes an operator's role (not one's own; never the last admin's)",
  params: operatorParams,
  body: z.object({ role: z.enum(OPERATOR_ROLES), reason }).strict(),
  data: operatorAccountSchema,
});

export const consoleDisableOperator = defineConsoleEndpoint({
  method: 'POST',
  path: '/operators/:id/disable',
  access: ADMIN,
  freshTotp: true,
  summary: 'Disables an operator and ends all their sessions at once (not oneself; never the last admin)',
  params: operatorParams,
  body: reasonBody,
  data: operatorAccountSchema,
});

export const consoleEnableOperator = defineConsoleEndpoint({
  method: 'POST',
  path: '/operators/:id/enable',
  access: ADMIN,
  summary: 'Lets a disabled operator sign in again',
  params: operatorParams,
  body: reasonBody,
  data: operatorAccountSchema,
});

export const consoleResetOperator = defineConsoleEndpoint({
  method: 'POST',
  path: '/operators/:id/reset',
  access: ADMIN,
  freshTotp: true,
  summary:
    'Clears password, authenticator and recovery codes, ends their sessions and answers a new enrolment link (a lost authenticator)',
  params: operatorParams,
  body: reasonBody,
  data: enrolmentLinkSchema,
});

export const consoleUnlockOperator = defineConsoleEndpoint({
  method: 'POST',
  path: '/operators/:id/unlock',
  access: ADMIN,
  summary: 'Lifts the lock that failed attempts set, before it runs out',
  params: operatorParams,
  body: reasonBody,
  data: operatorAccountSchema,
});

export const consoleChangeOwnPassword = defineConsoleEndpoint({
  method: 'POST',
  path: '/me/password',
  access: 'operator',
  freshTotp: true,
  summary: "Changes the signed-in operator's password (the current one and a fresh code); ends their other sessions",
  body: z
    .object({
      current_password: inputString().min(1).max(PASSWORD_MAX),
      new_password: inputString().min(1).max(PASSWORD_MAX),
    })
    .strict(),
  data: z.null(),
});

export const consoleRegenerateRecoveryCodes = defineConsoleEndpoint({
  method: 'POST',
  path: '/me/recovery-codes',
  access: 'operator',
  freshTotp: true,
  summary: 'Ten new recovery codes, shown once; the old ones stop working',
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

export const consoleSignOutEverywhere = defineConsoleEndpoint({
  method: 'POST',
  path: '/me/sign-out-everywhere',
  access: 'operator',
  summary: 'Ends every session of the signed-in operator, this one included',
  data: z.null(),
});
