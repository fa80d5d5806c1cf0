import type { z } from 'zod';
import type { Endpoint } from '../endpoint.js';

/** The console's API lives beside its pages, so one setting can move both to a listener of their own. */
export const CONSOLE_API_PREFIX = '/console/api/v1';

/**
 * Every console request that changes something carries this header (any value). A page of another
 * site cannot add a custom header without a CORS preflight, which the console never grants; with
 * the session cookie's SameSite=Strict it is the console's CSRF defence.
 */
export const CONSOLE_REQUEST_HEADER = 'x-console-request';

/** A money action carries a TOTP code, fresh from the authenticator, in this header. */
export const CONSOLE_TOTP_HEADER = 'x-console-totp';

export const OPERATOR_ROLES = ['admin', 'editor', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Who may call a console endpoint: `public` (signing in), `operator` (any signed-in operator), or
 * the roles listed (an admin may always).
 */
export type ConsoleAccess = 'public' | 'operator' | readonly OperatorRole[];

export interface ConsoleEndpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TData extends z.ZodType = z.ZodType,
> extends Omit<Endpoint<TParams, TQuery, TBody, TData>, 'auth'> {
  access: ConsoleAccess;
  /** A money action: refused without a fresh TOTP code in CONSOLE_TOTP_HEADER. */
  freshTotp?: true;
}

export function defineConsoleEndpoint<
  TParams extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TData extends z.ZodType = z.ZodType,
>(
  endpoint: ConsoleEndpoint<TParams, TQuery, TBody, TData>,
): ConsoleEndpoint<TParams, TQuery, TBody, TData> {
  return endpoint;
}

/** Whether an operator of `role` may call an endpoint of `access` (signed in; `public` needs no one). */
export function roleMayCall(access: ConsoleAccess, role: OperatorRole): boolean {
  if (access === 'public' || access === 'operator') return true;
  return role === 'admin' || access.includes(role);
}
