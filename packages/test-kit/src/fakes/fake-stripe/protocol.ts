/**
 * The wire protocol of Stripe's v1 API as the fake speaks it: bracket-notation form bodies and
 * query strings, Stripe's error JSON, Stripe-looking ids, and the idempotency-key store.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A decoded form or query: nested objects and arrays of strings, as Stripe's parser sees them. */
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `cus_…`, `cs_test_…`: the prefix and a random tail the length Stripe uses. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let tail = '';
  for (const byte of bytes) tail += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${tail}`;
}

/**
 * `a[b][0][c]=x` → `{ a: { b: [{ c: 'x' }] } }`. Objects whose keys are exactly 0..n-1 become
 * arrays, which is how the SDK encodes arrays (indexed brackets).
 */
export function parseParams(encoded: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [rawKey];
    let node: Params = root;
    path.forEach((segment, index) => {
      // `expand[]=x` appends, as qs does.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as Params;
    });
  }
  return arrayify(root) as Params;
}

function arrayify(value: ParamValue): ParamValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arrayify);
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arrayify(value[key]!)]));
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return keys.map((key) => converted[key]!);
  return converted;
}

/** The id of a field that may be expanded (`'cus_…'` or `{ id: 'cus_…', … }`). */
export function idOf(value: string | { id?: string } | null | undefined): string {
  return typeof value === 'string' ? value : (value?.id ?? '');
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type StripeErrorType = 'invalid_request_error' | 'idempotency_error';

/** Thrown by route handlers; rendered as Stripe's `{ error: { … } }` body. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    /** Stripe keeps no idempotent result for requests refused before they ran (auth, validation). */
    readonly beforeExecution = false,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      error: {
        ...(this.code ? { code: this.code } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        type: this.type,
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
    true,
  );

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid_empty', param, true);

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body, null, 2));
}

/** Reads `params[name]` as a string (Stripe's form values are all strings on the wire). */
export function str(params: Params | undefined, name: string): string | undefined {
  const value = params?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function obj(params: Params | undefined, name: string): Params | undefined {
  const value = params?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** Metadata as Stripe stores it: string values, an empty value unsets the key. */
export function metadataOf(params: Params | undefined, name = 'metadata'): Record<string, string> {
  const raw = obj(params, name) ?? {};
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Same key + same endpoint and parameters → the stored answer; anything else with that key → 400. */
export class IdempotencyStore {
  private readonly results = new Map<string, IdempotentResult>();

  static fingerprint(method: string, path: string, params: Params): string {
    return createHash('sha256')
      .update(JSON.stringify([method, path, params]))
      .digest('hex');
  }

  lookup(key: string, fingerprint: string): IdempotentResult | undefined {
    const stored = this.results.get(key);
    if (stored && stored.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        undefined,
        undefined,
        true,
      );
    }
    return stored;
  }

  save(key: string, result: IdempotentResult): void {
    this.results.set(key, result);
  }
}
