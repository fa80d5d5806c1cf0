import { createHash, createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInContext, createContext } from 'node:vm';
import { repoRoot } from '../../src/paths.js';

/**
 * The CDN files of deploy/cdn, loaded as deployed into a context that offers what their runtime
 * offers, and nothing else: a file that reached for anything more would fail here. The files are
 * ES modules; their import and export lines are bound to the shims below, the rest runs as written
 * (in strict mode, as a module does).
 */

export const cdnFile = (name: string) => readFileSync(join(repoRoot, 'deploy', 'cdn', name), 'utf8');

/** `import name from 'module';`, the only import form the files use. */
const IMPORT_LINE = /^import (\w+) from '([\w-]+)';$/gm;

function bindImports(source: string, modules: Record<string, unknown>): string {
  return source.replace(IMPORT_LINE, (_line, name: string, module: string) => {
    if (!Object.hasOwn(modules, module)) throw new Error(`the runtime has no module ${module}`);
    return `const ${name} = __modules[${JSON.stringify(module)}];`;
  });
}

function assertNoOtherModuleSyntax(source: string): void {
  if (/^\s*(import|export)\b/m.test(source)) throw new Error('a module line the loader does not bind');
}

// ---------------------------------------------------------------------------------------------
// CloudFront Functions, cloudfront-js-2.0

export interface CloudFrontRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}

export type CloudFrontResult =
  | CloudFrontRequest
  | { statusCode: number; statusDescription: string; headers: Record<string, { value: string }> };

/**
 * The `cloudfront` module's KeyValueStore as the function sees it: `get` answers the value as a
 * string, and throws for a key the store does not hold (the function must catch it).
 */
function keyValueStore(entries: Readonly<Record<string, string>>) {
  return {
    get(key: string, options?: { format?: 'string' | 'json' | 'bytes' }): Promise<unknown> {
      if (!Object.hasOwn(entries, key)) return Promise.reject(new Error(`Key ${key} not found`));
      const value = entries[key]!;
      if (options?.format === 'json') return Promise.resolve(JSON.parse(value) as unknown);
      if (options?.format === 'bytes') return Promise.resolve(new TextEncoder().encode(value));
      return Promise.resolve(value);
    },
    exists(key: string): Promise<boolean> {
      return Promise.resolve(Object.hasOwn(entries, key));
    },
  };
}

export function loadCloudFrontFunction(
  store: Readonly<Record<string, string>>,
): (event: { request: CloudFrontRequest }) => Promise<CloudFrontResult> {
  const modules = {
    cloudfront: { kvs: () => keyValueStore(store) },
    // The runtime's crypto module: hashes and HMACs, no more.
    crypto: { createHash, createHmac },
  };
  const body = bindImports(cdnFile('cloudfront-function.js'), modules);
  assertNoOtherModuleSyntax(body);
  const context = createContext({ __modules: modules });
  const handler = runInContext(`'use strict';\n${body}\n;handler`, context) as (event: unknown) => Promise<unknown>;
  // Answers cross back from the function's realm as plain data.
  return async (event) => JSON.parse(JSON.stringify(await handler(event))) as CloudFrontResult;
}

export function viewerRequest(uri: string, query: Record<string, string> = {}): { request: CloudFrontRequest } {
  return {
    request: {
      method: 'GET',
      uri,
      querystring: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, { value: v }])),
      headers: { host: { value: 'd111111abcdef8.cloudfront.net' } },
      cookies: {},
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cloudflare Workers

export interface CapturedFetch {
  request: Request;
  init: { cf?: Record<string, unknown> } | undefined;
}

/**
 * WebCrypto as Workers have it: Node's `crypto.subtle` plus `timingSafeEqual`, which throws when
 * the two lengths differ.
 */
const workersCrypto = {
  getRandomValues: <T extends ArrayBufferView>(array: T) => webcrypto.getRandomValues(array as never) as T,
  subtle: {
    importKey: (...args: Parameters<typeof webcrypto.subtle.importKey>) => webcrypto.subtle.importKey(...args),
    sign: (...args: Parameters<typeof webcrypto.subtle.sign>) => webcrypto.subtle.sign(...args),
    verify: (...args: Parameters<typeof webcrypto.subtle.verify>) => webcrypto.subtle.verify(...args),
    digest: (...args: Parameters<typeof webcrypto.subtle.digest>) => webcrypto.subtle.digest(...args),
    timingSafeEqual(a: ArrayBufferView | ArrayBuffer, b: ArrayBufferView | ArrayBuffer): boolean {
      const bytes = (v: ArrayBufferView | ArrayBuffer) =>
        ArrayBuffer.isView(v) ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength) : new Uint8Array(v);
      const [x, y] = [bytes(a), bytes(b)];
      if (x.byteLength !== y.byteLength) throw new TypeError('Input buffers must have the same byte length');
      return timingSafeEqual(x, y);
    },
  },
};

export function loadCloudflareWorker(): {
  fetch(request: Request, env: Record<string, string>): Promise<Response>;
  fetched: CapturedFetch[];
} {
  const fetched: CapturedFetch[] = [];
  const source = cdnFile('cloudflare-worker.js');
  const exportLines = source.match(/^export default /gm) ?? [];
  if (exportLines.length !== 1) throw new Error('a Worker module has one default export');
  const body = source.replace(/^export default /m, '__exports.default = ');
  assertNoOtherModuleSyntax(body);
  const exports: { default?: { fetch(request: Request, env: unknown): Promise<Response> } } = {};
  const context = createContext({
    __exports: exports,
    Request,
    Response,
    Headers,
    URL,
    TextEncoder,
    TextDecoder,
    btoa,
    atob,
    crypto: workersCrypto,
    fetch: (request: Request, init?: CapturedFetch['init']) => {
      fetched.push({ request, init });
      return Promise.resolve(new Response('segment bytes', { status: 200 }));
    },
  });
  runInContext(`'use strict';\n${body}`, context);
  const worker = exports.default;
  if (!worker) throw new Error('the Worker exported nothing');
  return { fetch: (request, env) => worker.fetch(request, env), fetched };
}
