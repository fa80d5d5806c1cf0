import { Code, SESSION_INVALID_CODES } from '@cliffhanger/contract/browser';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_REQUEST_HEADER,
  CONSOLE_TOTP_HEADER,
  type ConsoleEndpoint,
} from '@cliffhanger/contract/console';
import type { z } from 'zod';

type AnyConsoleEndpoint = ConsoleEndpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

type ParamsOf<E> = E extends ConsoleEndpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
type QueryOf<E> = E extends ConsoleEndpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
type BodyOf<E> = E extends ConsoleEndpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ConsoleData<E> = E extends ConsoleEndpoint<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

/** A part the endpoint does not take, or may go without (its input admits undefined), is optional. */
type Optional<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };
export type ConsoleInput<E> = Optional<'params', ParamsOf<E>> &
  Optional<'query', QueryOf<E>> &
  Optional<'body', BodyOf<E>>;
/** The input argument: optional when the endpoint needs nothing. */
type InputArgs<E> = Record<never, never> extends ConsoleInput<E> ? [input?: ConsoleInput<E>] : [input: ConsoleInput<E>];

export interface ConsoleCallOptions {
  /** A fresh code from the operator's authenticator, for a money action (`freshTotp` endpoints). */
  totp?: string;
  signal?: AbortSignal;
}

/**
 * Why a call failed: `code` is the server's answer code (or Code.INTERNAL_ERROR when no answer
 * came, `kind` telling which), `data` what the server sent with it (retry_after_s, bad fields).
 */
export class ConsoleApiError extends Error {
  override readonly name = 'ConsoleApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly kind: 'code' | 'network' | 'bad-response' = 'code',
  ) {
    super(message);
  }
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ConsoleApiError && SESSION_INVALID_CODES.includes(error.code);
}

let onSessionEnded: (() => void) | null = null;
/** The app's answer to an ended session (App.tsx: to the sign-in page); one at a time. */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function fillPath(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * One call of a console endpoint, typed by the contract: the session travels as the same-origin
 * cookie, every request carries the CSRF header, a money action its fresh code. Anything but
 * code 200 throws a ConsoleApiError; a session code also hands over to the sign-in page. The
 * answer's data is parsed with the endpoint's schema, so a server breaking the contract shows
 * here and not as a blank table.
 */
export async function consoleCall<E extends AnyConsoleEndpoint>(
  endpoint: E,
  ...args: [...InputArgs<E>, options?: ConsoleCallOptions]
): Promise<ConsoleData<E>> {
  const [input, options] = args as unknown as [
    { params?: unknown; query?: unknown; body?: unknown } | undefined,
    ConsoleCallOptions?,
  ];
  const { params, query, body } = input ?? {};
  // An upload (`multipart` endpoints) goes as the browser encodes a FormData, boundary and all.
  const form = body instanceof FormData ? body : undefined;
  const headers: Record<string, string> = { accept: 'application/json', [CONSOLE_REQUEST_HEADER]: '1' };
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (options?.totp !== undefined) headers[CONSOLE_TOTP_HEADER] = options.totp;
  const url = `${CONSOLE_API_PREFIX}${fillPath(endpoint.path, params)}${queryString(query)}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: options?.signal,
    });
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    throw new ConsoleApiError(Code.INTERNAL_ERROR, 'The server could not be reached', null, 'network');
  }

  let envelope: { code?: unknown; message?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ConsoleApiError(Code.INTERNAL_ERROR, `HTTP ${response.status}: not a JSON answer`, null, 'bad-response');
  }
  if (typeof envelope?.code !== 'number') {
    throw new ConsoleApiError(Code.INTERNAL_ERROR, `HTTP ${response.status}: not an API answer`, null, 'bad-response');
  }
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  if (envelope.code !== Code.OK) {
    const error = new ConsoleApiError(envelope.code, message, envelope.data ?? null);
    if (isSessionEnded(error)) onSessionEnded?.();
    throw error;
  }
  const data = endpoint.data.safeParse(envelope.data);
  if (!data.success) {
    throw new ConsoleApiError(
      Code.INTERNAL_ERROR,
      `${endpoint.method} ${endpoint.path}: the answer breaks the contract`,
      null,
      'bad-response',
    );
  }
  return data.data as ConsoleData<E>;
}
