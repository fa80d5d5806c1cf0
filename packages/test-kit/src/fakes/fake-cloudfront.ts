/**
 * A local stand-in for CloudFront's CreateInvalidation (`POST /2020-05-31/distribution/{id}/
 * invalidation`), strict the way AWS is: a SigV4 `Authorization` header for the `cloudfront`
 * service in us-east-1, checked here with a signer of the fake's own (node:crypto, not the SDK the
 * server signs with), and an `InvalidationBatch` XML body whose `Quantity` counts its paths. A
 * caller reference seen before answers its invalidation again (same paths) or 409 (other paths),
 * as CloudFront does. Answers CloudFront's XML: 201 `Invalidation`, or an `ErrorResponse`.
 *
 *   const cloudfront = await startFakeCloudFront({ distributionId, accessKeyId, secretAccessKey });
 *   env: { MEDIA_CDN_PURGE: 'cloudfront', MEDIA_CDN_CLOUDFRONT_ENDPOINT: cloudfront.url, … }
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { startCdnServer, type CdnAnswer, type CdnRequest, type FakeCdnServer } from './fake-cdn-server.js';

export interface FakeCloudFrontOptions {
  distributionId: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface FakeCloudFrontInvalidation {
  id: string;
  callerReference: string;
  paths: string[];
}

export interface FakeCloudFront extends FakeCdnServer {
  invalidations: FakeCloudFrontInvalidation[];
  /** Every request refused by the fake's rules (signature, body, reference), newest last. */
  refused: { status: number; code: string }[];
}

const XMLNS = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const REGION = 'us-east-1';
const SERVICE = 'cloudfront';

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlUnescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** CloudFront's error body, for failNext too (503 ServiceUnavailable, 400 TooManyInvalidationsInProgress). */
export function cloudfrontError(status: number, code: string, message = code): CdnAnswer {
  const type = status >= 500 ? 'Receiver' : 'Sender';
  return {
    status,
    headers: { 'content-type': 'text/xml', 'x-amzn-requestid': randomBytes(16).toString('hex') },
    body: `<?xml version="1.0"?><ErrorResponse xmlns="${XMLNS}"><Error><Type>${type}</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error><RequestId>${randomBytes(8).toString('hex')}</RequestId></ErrorResponse>`,
  };
}

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding of one path segment or query part, as SigV4 canonicalises them. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why the request's SigV4 signature is not the one these credentials make, or undefined when it is. */
function signatureProblem(request: CdnRequest, options: FakeCloudFrontOptions): string | undefined {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'MissingAuthenticationToken';
  const [, keyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== options.accessKeyId) return 'InvalidClientTokenId';
  if (region !== REGION || service !== SERVICE) return 'SignatureDoesNotMatch';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(day!)) return 'SignatureDoesNotMatch';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'SignatureDoesNotMatch';
  const [path = '', query = ''] = request.path.split('?', 2);
  const canonicalPath = path
    .split('/')
    .map((segment) => uriEncode(uriEncode(decodeURIComponent(segment))))
    .join('/');
  const canonicalQuery = [...new URLSearchParams(query)]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const headerLines = names.map((name) => {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
  });
  const payloadHash = sha256(request.body);
  const declared = request.headers['x-amz-content-sha256'];
  if (declared !== undefined && declared !== payloadHash) return 'XAmzContentSHA256Mismatch';
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    headerLines.join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${REGION}/${SERVICE}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${options.secretAccessKey}`, day!);
  for (const part of [REGION, SERVICE, 'aws4_request']) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
}

/** The batch of a CreateInvalidation body, or undefined when its shape is not CloudFront's. */
function parseBatch(body: string): { callerReference: string; paths: string[] } | undefined {
  const root = new RegExp(
    `^(?:<\\?xml[^>]*\\?>)?\\s*<InvalidationBatch xmlns="${XMLNS.replace(/[./]/g, '\\$&')}">(.*)</InvalidationBatch>\\s*$`,
    's',
  ).exec(body);
  if (!root) return undefined;
  let inner = root[1]!;
  const reference = /<CallerReference>([^<]+)<\/CallerReference>/.exec(inner);
  const paths = /<Paths><Quantity>(\d+)<\/Quantity>(?:<Items>((?:<Path>[^<]*<\/Path>)*)<\/Items>)?<\/Paths>/.exec(inner);
  if (!reference || !paths) return undefined;
  inner = inner.replace(reference[0], '').replace(paths[0], '');
  if (inner.trim() !== '') return undefined;
  const items = [...(paths[2] ?? '').matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => xmlUnescape(m[1]!));
  if (Number(paths[1]) !== items.length || items.length === 0) return undefined;
  if (!items.every((item) => item.startsWith('/'))) return undefined;
  return { callerReference: xmlUnescape(reference[1]!), paths: items };
}

function invalidationAnswer(status: number, distributionId: string, invalidation: FakeCloudFrontInvalidation): CdnAnswer {
  const paths = invalidation.paths.map((path) => `<Path>${xmlEscape(path)}</Path>`).join('');
  return {
    status,
    headers: {
      'content-type': 'text/xml',
      location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${distributionId}/invalidation/${invalidation.id}`,
    },
    body: `<?xml version="1.0"?><Invalidation xmlns="${XMLNS}"><Id>${invalidation.id}</Id><Status>InProgress</Status><CreateTime>${new Date().toISOString()}</CreateTime><InvalidationBatch><Paths><Quantity>${invalidation.paths.length}</Quantity><Items>${paths}</Items></Paths><CallerReference>${xmlEscape(invalidation.callerReference)}</CallerReference></InvalidationBatch></Invalidation>`,
  };
}

export async function startFakeCloudFront(options: FakeCloudFrontOptions): Promise<FakeCloudFront> {
  const invalidations: FakeCloudFrontInvalidation[] = [];
  const refused: FakeCloudFront['refused'] = [];
  const refuse = (status: number, code: string, message?: string) => {
    refused.push({ status, code });
    return cloudfrontError(status, code, message);
  };
  const handle = (request: CdnRequest): CdnAnswer => {
    const match = /^\/2020-05-31\/distribution\/([^/?]+)\/invalidation$/.exec(request.path);
    if (request.method !== 'POST' || !match) return refuse(404, 'UnknownOperationException');
    const problem = signatureProblem(request, options);
    if (problem) return refuse(403, problem);
    if (match[1] !== options.distributionId) return refuse(404, 'NoSuchDistribution');
    const batch = parseBatch(request.body);
    if (!batch) return refuse(400, 'MalformedInput', 'not an InvalidationBatch of 2020-05-31');
    const earlier = invalidations.find((i) => i.callerReference === batch.callerReference);
    if (earlier) {
      if (JSON.stringify(earlier.paths) !== JSON.stringify(batch.paths)) {
        return refuse(409, 'InvalidationBatchAlreadyExists');
      }
      return invalidationAnswer(201, options.distributionId, earlier);
    }
    const invalidation = { id: `I${randomBytes(7).toString('hex').toUpperCase()}`, ...batch };
    invalidations.push(invalidation);
    return invalidationAnswer(201, options.distributionId, invalidation);
  };
  const server = await startCdnServer(handle);
  return { ...server, invalidations, refused };
}
