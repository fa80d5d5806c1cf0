/**
 * A local stand-in for S3 (path-style, as MinIO and R2 serve it): PutObject, GetObject and
 * DeleteObject on one bucket, objects in memory. Strict the way S3 is about authentication: it
 * re-derives the SigV4 signature of every request from what arrived on the wire (raw path, query,
 * the headers the client said it signed, x-amz-date, the body's hash) with its own copy of the
 * secret and the AWS SDK's signer (fake-s3-signature.ts, not the server's aws4fetch), and answers
 * S3's XML errors (SignatureDoesNotMatch, NoSuchKey, …).
 *
 *   const s3 = await startFakeS3({ bucket: 'media', accessKeyId: 'AKID', secretAccessKey: '…' });
 *   new S3MediaStorage({ endpoint: s3.url, bucket: 'media', forcePathStyle: true, … })
 *   s3.objects.get('avatars/<uuid>.webp') // → { bytes, contentType }
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectedS3Signature } from './fake-s3-signature.js';

export interface FakeS3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Default us-east-1. */
  region?: string;
}

export interface FakeS3Options extends FakeS3Credentials {
  bucket: string;
}

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
}

export interface FakeS3Error {
  status: number;
  code: string;
  message: string;
}

/** A request as it arrived: `rawUrl` is the path and query exactly as sent. */
export interface FakeS3Request {
  method: string;
  rawUrl: string;
  headers: IncomingHttpHeaders | Record<string, string>;
  body: Buffer;
}

export interface FakeS3 {
  /** Endpoint to put in MEDIA_S3_ENDPOINT, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Stored objects by key (prefix included). */
  objects: Map<string, FakeS3Object>;
  /** Requests S3 refused, newest last. */
  rejected: FakeS3Error[];
  /** Makes the next authenticated request fail (default: 503 SlowDown). */
  failNext(error?: Partial<FakeS3Error>): void;
  close(): Promise<void>;
}

/** S3 refuses a request signed more than 15 minutes away from its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const fail = (status: number, code: string, message: string): FakeS3Error => ({ status, code, message });

function headerOf(headers: FakeS3Request['headers'], name: string): string | undefined {
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * S3 normalises the path before signing: decode each segment, re-encode it as RFC 3986 says
 * (everything but `A-Za-z0-9-._~` as upper-case %XX; encodeURIComponent spares `!'()*`).
 */
function canonicalPathOf(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

/**
 * Verifies a request's SigV4 header signature the way S3 does; null when it is genuine.
 * Exported so a test can check a request it captured without a network (virtual-host style).
 */
export async function checkSignature(
  request: FakeS3Request,
  credentials: FakeS3Credentials,
  now: Date = new Date(),
): Promise<FakeS3Error | null> {
  const region = credentials.region ?? 'us-east-1';
  const authorization = headerOf(request.headers, 'authorization');
  if (authorization === undefined) return fail(403, 'AccessDenied', 'Access Denied');
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return fail(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, accessKeyId, day, signedRegion, signedHeaderList = '', signature = ''] = match;
  if (accessKeyId !== credentials.accessKeyId) {
    return fail(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (signedRegion !== region) {
    return fail(400, 'AuthorizationHeaderMalformed', `The region '${signedRegion}' is wrong; expecting '${region}'`);
  }
  const amzDate = headerOf(request.headers, 'x-amz-date') ?? '';
  const parts = AMZ_DATE.exec(amzDate);
  if (!parts || amzDate.slice(0, 8) !== day) {
    return fail(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  }
  const [, y, mo, d, h, mi, s] = parts.map(Number);
  const signedAt = new Date(Date.UTC(y!, mo! - 1, d, h, mi, s));
  if (Math.abs(signedAt.getTime() - now.getTime()) > MAX_SKEW_MS) {
    return fail(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }

  const signedHeaders = signedHeaderList.split(';');
  const unsigned = Object.keys(request.headers).find(
    (name) =>
      (name.toLowerCase() === 'host' || name.toLowerCase().startsWith('x-amz-')) &&
      !signedHeaders.includes(name.toLowerCase()),
  );
  if (unsigned !== undefined || !signedHeaders.includes('host')) {
    return fail(
      403,
      'AccessDenied',
      `There were headers present in the request which were not signed: ${unsigned ?? 'host'}`,
    );
  }
  const payloadHash = headerOf(request.headers, 'x-amz-content-sha256');
  if (payloadHash === undefined)
    return fail(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== createHash('sha256').update(request.body).digest('hex')) {
    return fail(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }

  const [rawPath = '/', rawQuery = ''] = request.rawUrl.split('?', 2);
  let path: string;
  try {
    path = canonicalPathOf(rawPath);
  } catch {
    return fail(400, 'InvalidURI', `Couldn't parse the specified URI.`);
  }
  const expected = await expectedS3Signature(
    {
      method: request.method,
      path,
      query: new URLSearchParams(rawQuery),
      headers: Object.fromEntries(signedHeaders.map((name) => [name, headerOf(request.headers, name) ?? ''])),
      payloadHash,
      signedAt,
    },
    credentials,
    region,
  );
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'))) {
    return fail(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return null;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sendError(res: ServerResponse, error: FakeS3Error, resource?: string): void {
  const key = resource === undefined ? '' : `<Resource>${escapeXml(resource)}</Resource>`;
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  res.writeHead(error.status, { 'content-type': 'application/xml' });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message>${key}<RequestId>${requestId}</RequestId></Error>`,
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const rejected: FakeS3Error[] = [];
  const pendingFailures: FakeS3Error[] = [];

  const refuse = (res: ServerResponse, error: FakeS3Error, resource?: string) => {
    rejected.push(error);
    sendError(res, error, resource);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const rawUrl = req.url ?? '/';
    const body = await readBody(req);
    const authError = await checkSignature({ method, rawUrl, headers: req.headers, body }, options);
    if (authError) return refuse(res, authError);
    const failure = pendingFailures.shift();
    if (failure) return refuse(res, failure);

    const [, bucket = '', ...keySegments] = (rawUrl.split('?')[0] ?? '').split('/').map(decodeURIComponent);
    const key = keySegments.join('/');
    if (bucket !== options.bucket) {
      return refuse(res, fail(404, 'NoSuchBucket', 'The specified bucket does not exist'), `/${bucket}`);
    }
    if (key === '') return refuse(res, fail(501, 'NotImplemented', 'Only object operations are implemented'));

    switch (method) {
      case 'PUT':
        objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        return;
      case 'GET': {
        const object = objects.get(key);
        if (!object)
          return refuse(res, fail(404, 'NoSuchKey', 'The specified key does not exist.'), `/${bucket}/${key}`);
        res
          .writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length })
          .end(object.bytes);
        return;
      }
      case 'DELETE':
        objects.delete(key); // S3 answers 204 whether or not the key existed
        res.writeHead(204).end();
        return;
      default:
        return refuse(res, fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    rejected,
    failNext(error = {}) {
      pendingFailures.push({
        status: error.status ?? 503,
        code: error.code ?? 'SlowDown',
        message: error.message ?? 'Please reduce your request rate.',
      });
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
