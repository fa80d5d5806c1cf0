/**
 * A local stand-in for Apple's Push Notification service: HTTP/2 over TLS (a certificate made for
 * the test, for `localhost` and 127.0.0.1), strict the way APNs is about what a provider sends:
 * `POST /3/device/<hex token>`, `authorization: bearer <JWT>` whose header names `ES256` and the
 * key id and whose signature verifies under the team's key, with `iss` the team id and an `iat`
 * no older than an hour; `apns-topic` the app's bundle id and `apns-push-type` a known type; a
 * JSON body with `aps`. Answers as APNs does: 200 with `apns-id`, or the status and
 * `{"reason": …}` (403 InvalidProviderToken, 400 BadDeviceToken, 410 Unregistered, …).
 *
 *   const apns = await startFakeApns({ teamId, keyId, publicKey, topic });
 *   env: { APNS_HOST: apns.host, APNS_CA_FILE: apns.caFile, … }
 */
import { createPublicKey, randomUUID, verify, type KeyObject } from 'node:crypto';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createTestCertificate } from './test-certificate.js';

const PUSH_TYPES = new Set(['alert', 'background', 'voip', 'complication', 'fileprovider', 'mdm', 'liveactivity']);

export interface FakeApnsOptions {
  teamId: string;
  keyId: string;
  /** The public half of the team's APNs key (the .p8 the server signs with). */
  publicKey: KeyObject | string;
  topic: string;
}

export interface FakeApnsNotification {
  token: string;
  pushType: string;
  topic: string;
  payload: { aps: { alert?: { title?: string; body?: string } | string }; [key: string]: unknown };
}

export interface FakeApnsRefusal {
  token: string;
  status: number;
  reason: string;
}

export interface FakeApns {
  /** host:port, for APNS_HOST. */
  host: string;
  /** PEM file of the stand-in's certificate, for APNS_CA_FILE. */
  caFile: string;
  received: FakeApnsNotification[];
  refused: FakeApnsRefusal[];
  /** From now on, answers `status` with `reason` to this token (410 Unregistered: the app was removed). */
  answerWith(token: string, status: number, reason: string): void;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function checkProviderToken(authorization: string | undefined, options: FakeApnsOptions, key: KeyObject): void {
  const match = /^bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2] || !match[3]) throw new Refusal(403, 'MissingProviderToken');
  const header = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { alg?: string; kid?: string };
  if (header.alg !== 'ES256') throw new Refusal(403, 'InvalidProviderToken');
  if (header.kid !== options.keyId) throw new Refusal(403, 'InvalidProviderToken');
  const valid = verify(
    'sha256',
    Buffer.from(`${match[1]}.${match[2]}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(match[3], 'base64url'),
  );
  if (!valid) throw new Refusal(403, 'InvalidProviderToken');
  const claims = JSON.parse(Buffer.from(match[2], 'base64url').toString('utf8')) as { iss?: string; iat?: number };
  if (claims.iss !== options.teamId) throw new Refusal(403, 'InvalidProviderToken');
  const nowS = Math.floor(Date.now() / 1000);
  if (typeof claims.iat !== 'number' || claims.iat > nowS + 60) throw new Refusal(403, 'InvalidProviderToken');
  if (nowS - claims.iat > 3600) throw new Refusal(403, 'ExpiredProviderToken');
}

function readBody(req: Http2ServerRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeApns(options: FakeApnsOptions): Promise<FakeApns> {
  const key = typeof options.publicKey === 'string' ? createPublicKey(options.publicKey) : options.publicKey;
  const certificate = createTestCertificate();
  const received: FakeApnsNotification[] = [];
  const refused: FakeApnsRefusal[] = [];
  const answers = new Map<string, { status: number; reason: string }>();

  async function handle(req: Http2ServerRequest, res: Http2ServerResponse): Promise<void> {
    const body = await readBody(req);
    const match = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(req.url);
    const token = match?.[1] ?? '';
    try {
      if (req.method !== 'POST') throw new Refusal(405, 'MethodNotAllowed');
      if (!match) throw new Refusal(404, 'BadPath');
      checkProviderToken(req.headers.authorization, options, key);
      const topic = req.headers['apns-topic'];
      if (topic === undefined) throw new Refusal(400, 'MissingTopic');
      if (topic !== options.topic) throw new Refusal(400, 'TopicDisallowed');
      const pushType = req.headers['apns-push-type'];
      if (typeof pushType !== 'string' || !PUSH_TYPES.has(pushType)) throw new Refusal(400, 'InvalidPushType');
      let payload: FakeApnsNotification['payload'];
      try {
        payload = JSON.parse(body) as FakeApnsNotification['payload'];
      } catch {
        throw new Refusal(400, 'PayloadEmpty');
      }
      if (typeof payload !== 'object' || typeof payload.aps !== 'object') throw new Refusal(400, 'PayloadEmpty');
      const answer = answers.get(token);
      if (answer) throw new Refusal(answer.status, answer.reason);
      received.push({ token, pushType, topic, payload });
      res.writeHead(200, { 'apns-id': randomUUID() }).end();
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(500, 'InternalServerError');
      refused.push({ token, status: refusal.status, reason: refusal.reason });
      res
        .writeHead(refusal.status, { 'content-type': 'application/json', 'apns-id': randomUUID() })
        .end(
          JSON.stringify(
            refusal.status === 410 ? { reason: refusal.reason, timestamp: Date.now() } : { reason: refusal.reason },
          ),
        );
    }
  }

  const server = createSecureServer({ cert: certificate.certPem, key: certificate.keyPem }, (req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    host: `localhost:${port}`,
    caFile: certificate.caFile,
    received,
    refused,
    answerWith(token, status, reason) {
      answers.set(token.toLowerCase(), { status, reason });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          certificate.remove();
          resolve();
        });
      }),
  };
}
