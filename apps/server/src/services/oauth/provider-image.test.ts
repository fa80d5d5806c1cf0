import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderImageFetcher, ProviderImageUnavailable } from './provider-image.js';
import { isPublicAddress, type Lookup } from './public-address.js';

/**
 * A local image host behind the name `img.test`: the fetcher speaks https only, so the test's
 * fetch sends its https://img.test/… requests to this plain-HTTP server instead.
 */
let server: Server;
let port = 0;
const requests: string[] = [];
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const route = routes.get(req.url ?? '');
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  routes.clear();
});

const toLocal: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== 'img.test') return Promise.reject(new TypeError(`no route to ${url.hostname}`));
  return fetch(`http://127.0.0.1:${port}${url.pathname}`, init);
};
const MAX = 1000;
const images = createProviderImageFetcher({ maxBytes: MAX, timeoutMs: 500, fetch: toLocal });
const signal = new AbortController().signal;

describe('createProviderImageFetcher', () => {
  it('downloads the picture', async () => {
    routes.set('/a.png', (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('png-bytes')),
    );
    expect(await images('https://img.test/a.png', signal)).toEqual({ ok: true, bytes: Buffer.from('png-bytes') });
  });

  it('refuses what is not https to a host name, without asking anyone', async () => {
    for (const url of [
      'http://img.test/a.png',
      'https://127.0.0.1/a.png',
      'https://[::1]/a.png',
      'https://localhost/a',
      'not a url',
    ]) {
      expect((await images(url, signal)).ok).toBe(false);
    }
    expect(requests).toEqual([]);
  });

  it('gives up for good on a 404, and throws (to be retried) on 5xx, 429 and 408', async () => {
    expect(await images('https://img.test/missing.png', signal)).toEqual({ ok: false, reason: 'answered 404' });
    for (const status of [500, 503, 429, 408]) {
      routes.set(`/s${status}`, (_req, res) => res.writeHead(status).end());
      await expect(images(`https://img.test/s${status}`, signal)).rejects.toBeInstanceOf(ProviderImageUnavailable);
    }
  });

  it('refuses a picture over the size limit, declared or streamed', async () => {
    routes.set('/declared', (_req, res) =>
      res.writeHead(200, { 'content-length': String(MAX + 1) }).end(Buffer.alloc(MAX + 1)),
    );
    routes.set('/streamed', (_req, res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(MAX));
      res.end(Buffer.alloc(10));
    });
    routes.set('/fits', (_req, res) => res.writeHead(200).end(Buffer.alloc(MAX)));
    expect(await images('https://img.test/declared', signal)).toEqual({
      ok: false,
      reason: 'larger than AVATAR_MAX_BYTES',
    });
    expect(await images('https://img.test/streamed', signal)).toEqual({
      ok: false,
      reason: 'larger than AVATAR_MAX_BYTES',
    });
    expect((await images('https://img.test/fits', signal)).ok).toBe(true);
  });

  it('follows https redirects, checking each hop, and stops a loop', async () => {
    routes.set('/moved', (_req, res) => res.writeHead(302, { location: '/final.png' }).end());
    routes.set('/final.png', (_req, res) => res.writeHead(200).end('final'));
    routes.set('/to-http', (_req, res) => res.writeHead(301, { location: 'http://img.test/final.png' }).end());
    routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    expect(await images('https://img.test/moved', signal)).toEqual({ ok: true, bytes: Buffer.from('final') });
    requests.length = 0;
    expect(await images('https://img.test/to-http', signal)).toEqual({ ok: false, reason: 'not an https URL' });
    expect(requests).toEqual(['/to-http']);
    expect(await images('https://img.test/loop', signal)).toEqual({ ok: false, reason: 'too many redirects' });
  });

  it('throws (to be retried) when the host cannot be reached or does not answer in time', async () => {
    await expect(images('https://elsewhere.test/a.png', signal)).rejects.toBeInstanceOf(ProviderImageUnavailable);
    routes.set('/slow', () => undefined);
    await expect(images('https://img.test/slow', signal)).rejects.toBeInstanceOf(ProviderImageUnavailable);
  });

  it('gives up at once when its caller is stopping', async () => {
    routes.set('/slow', () => undefined);
    const stopping = new AbortController();
    const slow = createProviderImageFetcher({ maxBytes: MAX, timeoutMs: 60_000, fetch: toLocal });
    const download = slow('https://img.test/slow', stopping.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stopping.abort();
    await expect(download).rejects.toBeInstanceOf(ProviderImageUnavailable);
  });
});

describe('the address check of the real download', () => {
  const resolvingTo =
    (address: string, family = 4): Lookup =>
    (_hostname, _options, callback) =>
      callback(null, [{ address, family }]);

  it('refuses a name that resolves inside the network, before any connection', async () => {
    for (const [address, family] of [
      ['127.0.0.1', 4],
      ['10.1.2.3', 4],
      ['169.254.169.254', 4],
      ['::1', 6],
      ['::ffff:192.168.1.1', 6],
    ] as const) {
      const guarded = createProviderImageFetcher({ maxBytes: MAX, timeoutMs: 2_000, lookup: resolvingTo(address, family) });
      expect(await guarded('https://img.test/a.png', signal)).toEqual({ ok: false, reason: 'not a public address' });
    }
    expect(requests).toEqual([]);
  });

  it('lets a public address through to the connection (which fails here, so the job is retried)', async () => {
    const guarded = createProviderImageFetcher({ maxBytes: MAX, timeoutMs: 500, lookup: resolvingTo('203.0.113.7') });
    await expect(guarded('https://img.test/a.png', signal)).rejects.toBeInstanceOf(ProviderImageUnavailable);
  });
});

describe('isPublicAddress', () => {
  it('tells internet addresses from local, private, reserved and multicast ones', () => {
    for (const address of ['8.8.8.8', '151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
