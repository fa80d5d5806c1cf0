/**
 * A local stand-in for Fastly's purge by surrogate key (`POST /service/{id}/purge/{key}`), strict
 * the way Fastly is: the API token in `Fastly-Key`, the service id and one key in the path;
 * `{"status":"ok","id":…}` back, `{"msg":…}` with 401 or 404 otherwise.
 *
 *   const fastly = await startFakeFastly({ serviceId, apiToken });
 *   env: { MEDIA_CDN_PURGE: 'fastly', MEDIA_CDN_FASTLY_API_BASE: fastly.url, … }
 */
import { randomBytes } from 'node:crypto';
import { json, startCdnServer, type CdnAnswer, type CdnRequest, type FakeCdnServer } from './fake-cdn-server.js';

export interface FakeFastlyOptions {
  serviceId: string;
  apiToken: string;
}

export interface FakeFastlyPurge {
  id: string;
  key: string;
  /** Sent with `Fastly-Soft-Purge: 1` (marked stale rather than removed). */
  soft: boolean;
}

export interface FakeFastly extends FakeCdnServer {
  purges: FakeFastlyPurge[];
  refused: { status: number; msg: string }[];
}

/** Fastly's answer while its API fails, for failNext. */
export const fastlyOutage = (): CdnAnswer => json(503, { msg: 'Service Unavailable' });

export async function startFakeFastly(options: FakeFastlyOptions): Promise<FakeFastly> {
  const purges: FakeFastlyPurge[] = [];
  const refused: FakeFastly['refused'] = [];
  const refuse = (status: number, msg: string) => {
    refused.push({ status, msg });
    return json(status, { msg });
  };
  const handle = (request: CdnRequest): CdnAnswer => {
    const match = /^\/service\/([^/]+)\/purge\/([^/]+)$/.exec(request.path);
    if (request.method !== 'POST' || !match) return refuse(404, 'Record not found');
    if (request.headers['fastly-key'] !== options.apiToken) {
      return refuse(401, 'Provided credentials are missing or invalid');
    }
    if (match[1] !== options.serviceId) return refuse(404, 'Record not found');
    const key = decodeURIComponent(match[2]!);
    // Surrogate keys are separated by spaces in the header: one key never holds one.
    if (/\s/.test(key) || key.length > 1024) return refuse(400, 'Invalid surrogate key');
    const id = randomBytes(12).toString('hex');
    purges.push({ id, key, soft: request.headers['fastly-soft-purge'] === '1' });
    return json(200, { status: 'ok', id });
  };
  const server = await startCdnServer(handle);
  return { ...server, purges, refused };
}
