/**
 * A local stand-in for S3 (path-style, as MinIO and R2 serve it), objects in memory, on one bucket:
 * PutObject, GetObject, HeadObject, DeleteObject and DeleteObjects, ListObjectsV2, and multipart
 * uploads (Create, UploadPart, ListParts, Complete, Abort), which tus's S3 store stages uploads
 * with. Strict the way S3 is about authentication: it re-derives the SigV4 signature of every
 * request from what arrived on the wire (raw path, query, the headers the client said it signed,
 * x-amz-date, the body's hash) with its own copy of the secret and the AWS SDK's signer
 * (fake-s3-signature.ts, not the server's aws4fetch), and answers S3's XML errors
 * (SignatureDoesNotMatch, NoSuchKey, NoSuchUpload, EntityTooSmall, …).
 *
 *   const s3 = await startFakeS3({ bucket: 'media', accessKeyId: 'AKID', secretAccessKey: '…' });
 *   new S3MediaStorage({ endpoint: s3.url, bucket: 'media', forcePathStyle: true, … })
 *   s3.objects.get('avatars/<uuid>.webp') // → { bytes, contentType, metadata }
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
  /** Smallest part but the last that CompleteMultipartUpload accepts; S3's is 5 MiB (the default). */
  minPartSize?: number;
}

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
  /** The `x-amz-meta-*` headers it was stored with, by name without the prefix. */
  metadata?: Record<string, string>;
}

/** A multipart upload begun and neither completed nor aborted. */
export interface FakeS3MultipartUpload {
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  parts: Map<number, { bytes: Buffer; etag: string }>;
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
  /** Multipart uploads in progress, by upload id. */
  multipartUploads: Map<string, FakeS3MultipartUpload>;
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

const md5Etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

function xmlResponse(res: ServerResponse, xml: string): void {
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every `<tag>…</tag>` text in an XML body, in order (the bodies S3 receives are this simple). */
function xmlValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => unescapeXml(match[1] ?? ''));
}

/** The `x-amz-meta-*` headers of a request, by name without the prefix. */
function metadataOf(headers: IncomingHttpHeaders): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value;
  }
  return metadata;
}

const withMetadata = (metadata: Record<string, string>) => (Object.keys(metadata).length > 0 ? { metadata } : {});

function objectHeaders(object: FakeS3Object): Record<string, string | number> {
  const headers: Record<string, string | number> = {
    'content-type': object.contentType,
    'content-length': object.bytes.length,
    etag: md5Etag(object.bytes),
    'last-modified': new Date().toUTCString(),
  };
  for (const [name, value] of Object.entries(object.metadata ?? {})) headers[`x-amz-meta-${name}`] = value;
  return headers;
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const multipartUploads = new Map<string, FakeS3MultipartUpload>();
  const rejected: FakeS3Error[] = [];
  const pendingFailures: FakeS3Error[] = [];
  const minPartSize = options.minPartSize ?? 5 * 1024 * 1024;

  const refuse = (res: ServerResponse, error: FakeS3Error, resource?: string) => {
    rejected.push(error);
    sendError(res, error, resource);
  };
  const noSuchUpload = (res: ServerResponse, resource: string) =>
    refuse(
      res,
      fail(
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      ),
      resource,
    );

  /** Operations on the bucket itself: ListObjectsV2 and DeleteObjects. */
  const handleBucket = (
    method: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
    body: Buffer,
    res: ServerResponse,
  ) => {
    if (method === 'GET' && query.get('list-type') === '2') {
      const prefix = query.get('prefix') ?? '';
      const maxKeys = Number(query.get('max-keys') ?? 1000);
      const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
      const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
      const page = keys.slice(0, maxKeys);
      const truncated = keys.length > page.length;
      const contents = page
        .map((key) => {
          const object = objects.get(key)!;
          return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${new Date().toISOString()}</LastModified><ETag>${escapeXml(md5Etag(object.bytes))}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      const next = truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>` : '';
      return xmlResponse(
        res,
        `<ListBucketResult><Name>${options.bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      );
    }
    if (method === 'POST' && query.has('delete')) {
      // S3 refuses a multi-object delete without a checksum of its body.
      if (!headers['content-md5'] && !Object.keys(headers).some((name) => name.startsWith('x-amz-checksum-'))) {
        return refuse(res, fail(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5'));
      }
      const keys = xmlValues(body.toString('utf8'), 'Key');
      for (const key of keys) objects.delete(key);
      return xmlResponse(
        res,
        `<DeleteResult>${keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join('')}</DeleteResult>`,
      );
    }
    return refuse(
      res,
      fail(501, 'NotImplemented', 'Only ListObjectsV2 and DeleteObjects are implemented on the bucket'),
    );
  };

  /** The multipart operations on a key: those with `?uploads` or `?uploadId=`. */
  const handleMultipart = (
    method: string,
    key: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
    body: Buffer,
    res: ServerResponse,
  ) => {
    const resource = `/${options.bucket}/${key}`;
    if (method === 'POST' && query.has('uploads')) {
      const uploadId = randomBytes(16).toString('hex');
      multipartUploads.set(uploadId, {
        key,
        contentType: headers['content-type'] ?? 'binary/octet-stream',
        metadata: metadataOf(headers),
        parts: new Map(),
      });
      return xmlResponse(
        res,
        `<InitiateMultipartUploadResult><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = query.get('uploadId') ?? '';
    const upload = multipartUploads.get(uploadId);
    if (!upload || upload.key !== key) return noSuchUpload(res, resource);
    switch (method) {
      case 'PUT': {
        const partNumber = Number(query.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
          return refuse(res, fail(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000'));
        }
        const etag = md5Etag(body);
        upload.parts.set(partNumber, { bytes: body, etag });
        res.writeHead(200, { etag }).end();
        return;
      }
      case 'GET': {
        const marker = Number(query.get('part-number-marker') ?? 0);
        const parts = [...upload.parts.entries()]
          .filter(([number]) => number > marker)
          .sort(([a], [b]) => a - b)
          .map(
            ([number, part]) =>
              `<Part><PartNumber>${number}</PartNumber><LastModified>${new Date().toISOString()}</LastModified><ETag>${escapeXml(part.etag)}</ETag><Size>${part.bytes.length}</Size></Part>`,
          )
          .join('');
        return xmlResponse(
          res,
          `<ListPartsResult><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        );
      }
      case 'POST': {
        const xml = body.toString('utf8');
        const numbers = xmlValues(xml, 'PartNumber').map(Number);
        const etags = xmlValues(xml, 'ETag');
        if (numbers.length === 0 || numbers.length !== etags.length) {
          return refuse(
            res,
            fail(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate.'),
          );
        }
        const chosen: Buffer[] = [];
        for (const [index, number] of numbers.entries()) {
          const part = upload.parts.get(number);
          if (!part || part.etag !== etags[index]) {
            return refuse(res, fail(400, 'InvalidPart', 'One or more of the specified parts could not be found.'));
          }
          if (index > 0 && number <= numbers[index - 1]!) {
            return refuse(res, fail(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.'));
          }
          if (index < numbers.length - 1 && part.bytes.length < minPartSize) {
            return refuse(
              res,
              fail(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.'),
            );
          }
          chosen.push(part.bytes);
        }
        const bytes = Buffer.concat(chosen);
        objects.set(key, { bytes, contentType: upload.contentType, ...withMetadata(upload.metadata) });
        multipartUploads.delete(uploadId);
        return xmlResponse(
          res,
          `<CompleteMultipartUploadResult><Location>${escapeXml(resource)}</Location><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>"${createHash('md5').update(bytes).digest('hex')}-${numbers.length}"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'DELETE':
        multipartUploads.delete(uploadId);
        res.writeHead(204).end();
        return;
      default:
        return refuse(res, fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const rawUrl = req.url ?? '/';
    const body = await readBody(req);
    const authError = await checkSignature({ method, rawUrl, headers: req.headers, body }, options);
    if (authError) return refuse(res, authError);
    const failure = pendingFailures.shift();
    if (failure) return refuse(res, failure);

    const [rawPath = '', rawQuery = ''] = rawUrl.split('?', 2);
    const query = new URLSearchParams(rawQuery);
    const [, bucket = '', ...keySegments] = rawPath.split('/').map(decodeURIComponent);
    const key = keySegments.join('/');
    if (bucket !== options.bucket) {
      return refuse(res, fail(404, 'NoSuchBucket', 'The specified bucket does not exist'), `/${bucket}`);
    }
    if (key === '') return handleBucket(method, query, req.headers, body, res);
    if (query.has('uploads') || query.has('uploadId'))
      return handleMultipart(method, key, query, req.headers, body, res);

    switch (method) {
      case 'PUT':
        objects.set(key, {
          bytes: body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          // Only when sent: an object stored without any reads as `{ bytes, contentType }`.
          ...withMetadata(metadataOf(req.headers)),
        });
        res.writeHead(200, { etag: md5Etag(body) }).end();
        return;
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object)
          return refuse(res, fail(404, 'NoSuchKey', 'The specified key does not exist.'), `/${bucket}/${key}`);
        res.writeHead(200, objectHeaders(object)).end(method === 'GET' ? object.bytes : undefined);
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
    multipartUploads,
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
