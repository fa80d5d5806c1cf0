import { createHash, createHmac } from 'node:crypto';

/**
 * The fake S3's own AWS Signature Version 4, header-signed requests, as a pure function: the
 * caller supplies the clock (`amzDate`) and the payload hash, so AWS's documented vectors are
 * reproducible. The server signs with aws4fetch; this separate implementation is what lets the
 * fake prove those signatures right rather than agree with itself.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** The SHA-256 of zero bytes: the payload hash of a GET or DELETE. */
export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface SigV4Request {
  method: string;
  /** The absolute path exactly as sent, already URI-encoded (`/bucket/test%24file.text`). */
  path: string;
  /** Decoded query parameters; a bare name (`?lifecycle`) has the value ''. */
  query?: ReadonlyArray<readonly [string, string]>;
  /** Every header to sign, any case; must include `host` and `x-amz-date`. */
  headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  /** ISO 8601 basic format, `20130524T000000Z`; the same value as the x-amz-date header. */
  amzDate: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigV4Signature {
  /** The value of the Authorization header. */
  authorization: string;
  signature: string;
  signedHeaders: string;
  canonicalRequest: string;
  stringToSign: string;
}

const AMZ_DATE = /^(\d{8})T\d{6}Z$/;

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `2013-05-24T00:00:00.000Z` → `20130524T000000Z`. */
export function toAmzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/**
 * RFC 3986 encoding as SigV4 defines it: everything but `A-Za-z0-9-._~` becomes %XX (upper
 * case). encodeURIComponent leaves `!'()*` alone, so those are encoded by hand.
 */
export function uriEncode(value: string, encodeSlash = true): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return encodeSlash ? encoded : encoded.replace(/%2F/g, '/');
}

function canonicalQuery(query: ReadonlyArray<readonly [string, string]>): string {
  return query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Code-unit order, which is byte order for the ASCII that uriEncode produces. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lower-case names, sorted; values trimmed with inner runs of spaces collapsed. */
function canonicalHeaders(headers: Readonly<Record<string, string>>): { block: string; signedHeaders: string } {
  const byName = new Map<string, string[]>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value.trim().replace(/ +/g, ' ')]);
  }
  const names = [...byName.keys()].sort(compare);
  return {
    block: names.map((name) => `${name}:${(byName.get(name) ?? []).join(',')}\n`).join(''),
    signedHeaders: names.join(';'),
  };
}

export function canonicalRequestOf(
  request: Pick<SigV4Request, 'method' | 'path' | 'query' | 'headers' | 'payloadHash'>,
): {
  canonicalRequest: string;
  signedHeaders: string;
} {
  const { block, signedHeaders } = canonicalHeaders(request.headers);
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.path || '/',
    canonicalQuery(request.query ?? []),
    block,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  return { canonicalRequest, signedHeaders };
}

export function credentialScope(amzDate: string, region: string, service: string): string {
  const day = AMZ_DATE.exec(amzDate)?.[1];
  if (day === undefined) throw new Error(`x-amz-date must look like 20130524T000000Z, got ${JSON.stringify(amzDate)}`);
  return `${day}/${region}/${service}/aws4_request`;
}

export function stringToSignOf(amzDate: string, scope: string, canonicalRequest: string): string {
  return [SIGV4_ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, day), region), service), "aws4_request"). */
export function signingKeyOf(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

export function signV4(request: SigV4Request): SigV4Signature {
  const { canonicalRequest, signedHeaders } = canonicalRequestOf(request);
  const scope = credentialScope(request.amzDate, request.region, request.service);
  const stringToSign = stringToSignOf(request.amzDate, scope, canonicalRequest);
  const key = signingKeyOf(request.secretAccessKey, request.amzDate.slice(0, 8), request.region, request.service);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const authorization =
    `${SIGV4_ALGORITHM} Credential=${request.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { authorization, signature, signedHeaders, canonicalRequest, stringToSign };
}
