import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { NOT_PUBLIC_CODE, publicOnlyLookup, type Lookup } from './public-address.js';

/** The bytes of a provider's picture, or why there is none to copy (trying again would not help). */
export type ProviderImage = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/**
 * Downloads a provider's picture. Answers `ok: false` for what a retry cannot fix (not found, too
 * large, not https); throws for what may pass (network errors, timeouts, 5xx, 408, 429), so the
 * job queue tries again later.
 */
export type ProviderImageFetcher = (url: string, signal: AbortSignal) => Promise<ProviderImage>;

export interface ProviderImageFetcherOptions {
  /** Largest picture accepted, as for uploads (AVATAR_MAX_BYTES). */
  maxBytes: number;
  /** Per request, redirects included. */
  timeoutMs?: number;
  /** Resolves host names (tests); every address it answers must be public. */
  lookup?: Lookup;
  /** Replaces the download itself, address check included (tests). */
  fetch?: typeof fetch;
}

export class ProviderImageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderImageUnavailable';
  }
}

/** Provider CDNs redirect once or twice at most; more is a loop. */
const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Only https to a host name: the picture came from the provider's API, but a URL naming an IP
 * address or this machine points at no CDN and may point inside the network.
 */
function refusal(url: URL): string | undefined {
  if (url.protocol !== 'https:') return 'not an https URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost')) return 'not a public host name';
  return undefined;
}

/** Whether a failed request was refused by the address check (somewhere in its causes). */
function refusedAddress(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as NodeJS.ErrnoException).code === NOT_PUBLIC_CODE) return true;
  }
  return false;
}

/** fetch through connections whose every address was checked to be public. */
function publicOnlyFetch(lookup?: Lookup): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup: publicOnlyLookup(lookup) } });
  return ((input: URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher })) as unknown as typeof fetch;
}

const transientStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** Reads at most `maxBytes`, refusing more without reading it all. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(Buffer.from(value));
  }
}

/**
 * The download of a provider's picture for the avatar copy: https only, to host names that resolve
 * to public addresses only, redirects followed by hand (each hop checked the same way), a time
 * limit, and the upload size limit enforced while reading. What arrives is decoded and re-encoded
 * like an upload before it is stored.
 */
export function createProviderImageFetcher(options: ProviderImageFetcherOptions): ProviderImageFetcher {
  const fetchImpl = options.fetch ?? publicOnlyFetch(options.lookup);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async (address, signal) => {
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { ok: false, reason: 'not a URL' };
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const refused = refusal(url);
      if (refused) return { ok: false, reason: refused };
      let res: Response;
      try {
        res = await fetchImpl(url, { redirect: 'manual', signal: deadline, headers: { accept: 'image/*' } });
      } catch (error) {
        if (refusedAddress(error)) return { ok: false, reason: 'not a public address' };
        throw new ProviderImageUnavailable(`could not download the picture from ${url.host}`, { cause: error });
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location !== null) {
        await res.body?.cancel().catch(() => undefined);
        try {
          url = new URL(location, url);
        } catch {
          return { ok: false, reason: 'redirected to an invalid URL' };
        }
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        if (transientStatus(res.status)) throw new ProviderImageUnavailable(`${url.host} answered ${res.status}`);
        return { ok: false, reason: `answered ${res.status}` };
      }
      const declared = Number(res.headers.get('content-length') ?? Number.NaN);
      if (declared > options.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        return { ok: false, reason: 'larger than AVATAR_MAX_BYTES' };
      }
      let bytes: Buffer | undefined;
      try {
        bytes = res.body ? await readCapped(res.body, options.maxBytes) : Buffer.alloc(0);
      } catch (error) {
        throw new ProviderImageUnavailable(`the picture from ${url.host} was cut off`, { cause: error });
      }
      if (bytes === undefined) return { ok: false, reason: 'larger than AVATAR_MAX_BYTES' };
      return { ok: true, bytes };
    }
    return { ok: false, reason: 'too many redirects' };
  };
}
