/**
 * A local stand-in for a browser's push service (the endpoint of a Push API subscription), strict
 * the way FCM or Mozilla's autopush is: every POST must carry a VAPID JWT (RFC 8292: `Authorization:
 * vapid t=<jwt>, k=<public key>`) whose ES256 signature verifies under `k`, whose `aud` is this
 * service's origin, whose `exp` is in the future and at most 24 hours away and whose `sub` is a
 * mailto: or https: contact; `TTL` must be present and the body `Content-Encoding: aes128gcm`. The
 * body is DECRYPTED (RFC 8291 over RFC 8188) with the subscription's private key and auth secret,
 * which only this stand-in (as the browser would) holds. It speaks TLS with a test certificate, as
 * push services do, so a test reads exactly what a device
 * would show. Imports nothing of the server.
 *
 *   const push = await startFakeWebPush();
 *   const sub = push.subscribe();   // { endpoint, keys: { p256dh, auth } } as PushSubscription.toJSON()
 *   env: { WEB_PUSH_EXTRA_ORIGINS: push.origin, WEB_PUSH_CA_FILE: push.caFile }
 *   push.received  // [{ subscription: sub.endpoint, payload: {...}, ttl, vapidKey }]
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { createTestCertificate } from './test-certificate.js';

export interface FakeWebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakeWebPushMessage {
  endpoint: string;
  /** The decrypted body, as the service worker's `event.data` would hold it. */
  body: string;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key the request was signed with (base64url). */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
}

export interface FakeWebPushRefusal {
  endpoint: string;
  status: number;
  reason: string;
}

export interface FakeWebPush {
  /** https://localhost:<port>, for WEB_PUSH_EXTRA_ORIGINS. */
  origin: string;
  /** PEM file of the stand-in's test certificate, for WEB_PUSH_CA_FILE. */
  caFile: string;
  /** A new subscription, as `pushManager.subscribe()` answers it; the stand-in keeps its private key. */
  subscribe(): FakeWebPushSubscription;
  /** Registers a subscription made elsewhere (a browser's keys the test holds). */
  adopt(endpointId: string, keys: { privateKey: ECDH; auth: Buffer }): FakeWebPushSubscription;
  /** Accepted and decrypted pushes, oldest first. */
  received: FakeWebPushMessage[];
  /** Requests refused (bad VAPID, bad encoding, answerWith), oldest first. */
  refused: FakeWebPushRefusal[];
  /** From now on, answers `status` to pushes for `endpoint` (410: the subscription is gone); 0 accepts them again. */
  answerWith(endpoint: string, status: number): void;
  /** Resolves once `count` pushes have been received. */
  waitFor(count: number, timeoutMs?: number): Promise<FakeWebPushMessage[]>;
  close(): Promise<void>;
}

interface Held {
  privateKey: ECDH;
  auth: Buffer;
  answer?: number;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks the VAPID header as a push service does; answers the claims and the key. */
function checkVapid(
  header: string | undefined,
  origin: string,
  now: number,
): { claims: FakeWebPushMessage['claims']; key: string } {
  const match = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Refusal(401, 'missing or malformed VAPID authorization');
  const [jwt, key] = [match[1], match[2]];
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) throw new Refusal(401, 'malformed JWT');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') throw new Refusal(401, `JWT alg ${String(header_.alg)}, not ES256`);
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Refusal(403, 'JWT signature does not verify under k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<FakeWebPushMessage['claims']>;
  if (claims.aud !== origin) throw new Refusal(403, `aud ${String(claims.aud)} is not ${origin}`);
  const nowS = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 24 * 3600) {
    throw new Refusal(403, 'exp is not within the next 24 hours');
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Refusal(403, 'sub is not a mailto: or https: contact');
  }
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, key };
}

export async function startFakeWebPush(): Promise<FakeWebPush> {
  const held = new Map<string, Held>();
  const received: FakeWebPushMessage[] = [];
  const refused: FakeWebPushRefusal[] = [];
  const waiters: Array<() => void> = [];
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const endpoint = `${origin}${req.url ?? ''}`;
    const body = await readBody(req);
    try {
      if (req.method !== 'POST' || !req.url?.startsWith('/push/')) throw new Refusal(404, 'no such endpoint');
      const subscription = held.get(endpoint);
      if (!subscription) throw new Refusal(404, 'unknown subscription');
      const { claims, key } = checkVapid(req.headers.authorization, origin, Date.now());
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
        throw new Refusal(400, 'missing or bad TTL');
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm');
      if (subscription.answer) throw new Refusal(subscription.answer, 'answerWith');
      let plain: Buffer;
      try {
        plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscription.privateKey,
          authSecret: subscription.auth,
        });
      } catch (error) {
        throw new Refusal(400, `payload does not decrypt: ${(error as Error).message}`);
      }
      const urgency = req.headers.urgency;
      received.push({
        endpoint,
        body: plain.toString('utf8'),
        ttl,
        urgency: typeof urgency === 'string' ? urgency : undefined,
        vapidKey: key,
        claims,
      });
      for (const wake of waiters.splice(0)) wake();
      res.writeHead(201, { location: `${endpoint}/${randomUUID()}` }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500;
      refused.push({ endpoint, status, reason: (error as Error).message });
      res.writeHead(status, { 'content-type': 'text/plain' }).end((error as Error).message);
    }
  }

  const certificate = createTestCertificate();
  const server = createServer({ cert: certificate.certPem, key: certificate.keyPem }, (req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  const adopt = (endpointId: string, keys: { privateKey: ECDH; auth: Buffer }): FakeWebPushSubscription => {
    const endpoint = `${origin}/push/${endpointId}`;
    held.set(endpoint, { privateKey: keys.privateKey, auth: keys.auth });
    return {
      endpoint,
      keys: { p256dh: keys.privateKey.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') },
    };
  };

  return {
    origin,
    caFile: certificate.caFile,
    subscribe() {
      const privateKey = createECDH('prime256v1');
      privateKey.generateKeys();
      return adopt(randomUUID(), { privateKey, auth: randomBytes(16) });
    },
    adopt,
    received,
    refused,
    answerWith(endpoint, status) {
      const subscription = held.get(endpoint);
      if (subscription) subscription.answer = status;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`fake push service: ${received.length} of ${count} pushes after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          certificate.remove();
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
