/**
 * A local stand-in for Cloudflare's cache purge API (`POST /client/v4/zones/{zone}/purge_cache`),
 * strict the way Cloudflare is: `Authorization: Bearer <API token>`, a JSON body with exactly one
 * kind of purge (`files`, `prefixes`, `tags`, `hosts` or `purge_everything`), at most 30 prefixes
 * written without a scheme; Cloudflare's envelope `{success, errors, messages, result}` back.
 *
 *   const cloudflare = await startFakeCloudflare({ zoneId, apiToken });
 *   env: { MEDIA_CDN_PURGE: 'cloudflare', MEDIA_CDN_CLOUDFLARE_API_BASE: cloudflare.url, … }
 */
import { randomBytes } from 'node:crypto';
import { json, startCdnServer, type CdnAnswer, type CdnRequest, type FakeCdnServer } from './fake-cdn-server.js';

export interface FakeCloudflareOptions {
  zoneId: string;
  apiToken: string;
}

export interface FakeCloudflarePurge {
  id: string;
  /** The request's one kind of purge and what it named. */
  kind: 'files' | 'prefixes' | 'tags' | 'hosts' | 'purge_everything';
  items: unknown;
}

export interface FakeCloudflare extends FakeCdnServer {
  purges: FakeCloudflarePurge[];
  /** Status and first error code of every request refused by the fake's rules, newest last. */
  refused: { status: number; code: number }[];
}

const KINDS = ['files', 'prefixes', 'tags', 'hosts', 'purge_everything'] as const;
const MAX_PREFIXES = 30;

function failure(status: number, code: number, message: string): CdnAnswer {
  return json(status, { success: false, errors: [{ code, message }], messages: [], result: null });
}

/** Cloudflare's own answer to a failing purge (a 5xx of its API), for failNext. */
export const cloudflareOutage = (): CdnAnswer => failure(503, 10000, 'Service temporarily unavailable');

export async function startFakeCloudflare(options: FakeCloudflareOptions): Promise<FakeCloudflare> {
  const purges: FakeCloudflarePurge[] = [];
  const refused: FakeCloudflare['refused'] = [];
  const refuse = (status: number, code: number, message: string) => {
    refused.push({ status, code });
    return failure(status, code, message);
  };
  const handle = (request: CdnRequest): CdnAnswer => {
    const match = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(request.path);
    if (request.method !== 'POST' || !match) return refuse(404, 7000, 'No route for that URI');
    if (request.headers.authorization !== `Bearer ${options.apiToken}`) return refuse(403, 10000, 'Authentication error');
    if (match[1] !== options.zoneId) return refuse(404, 7003, 'Could not route to the zone');
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return refuse(400, 6003, 'Invalid request headers: content-type must be application/json');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return refuse(400, 6007, 'Malformed JSON in request body');
    }
    const kinds = KINDS.filter((kind) => body[kind] !== undefined);
    if (kinds.length !== 1 || Object.keys(body).length !== 1) {
      return refuse(400, 1012, 'Request must contain exactly one purge type');
    }
    const kind = kinds[0]!;
    if (kind === 'prefixes') {
      const prefixes = body.prefixes;
      if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_PREFIXES) {
        return refuse(400, 1012, `prefixes must list 1 to ${MAX_PREFIXES} prefixes`);
      }
      if (!prefixes.every((p) => typeof p === 'string' && !/^[a-z]+:\/\//i.test(p) && !/[?#]/.test(p))) {
        return refuse(400, 1012, 'a prefix is host/path, without scheme, query or fragment');
      }
    }
    const id = randomBytes(16).toString('hex');
    purges.push({ id, kind, items: body[kind] });
    return json(200, { success: true, errors: [], messages: [], result: { id } });
  };
  const server = await startCdnServer(handle);
  return { ...server, purges, refused };
}
