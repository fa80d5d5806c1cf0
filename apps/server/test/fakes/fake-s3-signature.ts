import { Sha256 } from '@aws-crypto/sha256-js';
import { ALGORITHM_IDENTIFIER, createScope, getCanonicalHeaders, SignatureV4 } from '@smithy/signature-v4';

/**
 * The signature the fake S3 expects of a request, computed by the AWS SDK's own SigV4 signer
 * (`@smithy/signature-v4`), not by the server's aws4fetch: two independent implementations have
 * to agree before the fake accepts a request.
 */

interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What S3 signs of a request, read from what arrived on the wire. */
interface S3SignedParts {
  method: string;
  /** The path in S3's canonical form: each segment decoded, then encoded the SigV4 way. */
  path: string;
  query: URLSearchParams;
  /** Exactly the headers the Authorization header names, by lower-case name. */
  headers: Readonly<Record<string, string>>;
  /** The x-amz-content-sha256 header: the body's hex SHA-256, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  /** The instant of the x-amz-date header. */
  signedAt: Date;
}

/**
 * The SDK signer, set up the way the SDK's S3 client sets it up (S3 signs the path as sent, not
 * escaped twice). Its public `sign(request)` regenerates `date` and `x-amz-date` and so cannot
 * recompute a signature over a `date` header the client chose to sign; the check therefore
 * builds the canonical request and string to sign with the signer's own steps and lets it sign
 * that string with the key it derives.
 */
class S3SignatureCheck extends SignatureV4 {
  constructor(credentials: S3Credentials, region: string) {
    super({ credentials, region, service: 's3', sha256: Sha256, uriEscapePath: false });
  }

  async signatureOf(parts: S3SignedParts): Promise<string> {
    const request = {
      method: parts.method,
      protocol: 'https:',
      hostname: parts.headers.host ?? '',
      path: parts.path,
      query: queryBagOf(parts.query),
      headers: { ...parts.headers },
    };
    // Signable by name: headers the SDK never signs itself (user-agent, …) still count when named.
    const canonicalHeaders = getCanonicalHeaders(request, undefined, new Set(Object.keys(parts.headers)));
    const canonicalRequest = this.createCanonicalRequest(request, canonicalHeaders, parts.payloadHash);
    const { longDate, shortDate } = this.formatDate(parts.signedAt);
    const scope = createScope(shortDate, await this.regionProvider(), this.service);
    const stringToSign = await this.createStringToSign(longDate, scope, canonicalRequest, ALGORITHM_IDENTIFIER);
    return this.sign(stringToSign, { signingDate: parts.signedAt });
  }
}

function queryBagOf(query: URLSearchParams): Record<string, string | string[]> {
  const bag: Record<string, string[]> = {};
  for (const [name, value] of query) (bag[name] ??= []).push(value);
  return Object.fromEntries(
    Object.entries(bag).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  );
}

/** The hex signature S3 would compute for these parts with this secret. */
export function expectedS3Signature(parts: S3SignedParts, credentials: S3Credentials, region: string): Promise<string> {
  return new S3SignatureCheck(credentials, region).signatureOf(parts);
}
