import { describe, expect, it } from 'vitest';
import { checkSignature, type FakeS3Credentials, type FakeS3Request } from './fake-s3.js';

/**
 * The fake S3's signature check against the S3 examples of AWS's SigV4 documentation
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html): the documented
 * Authorization headers must pass, and any change to what they sign must not.
 */
const CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
/** The examples' clock: 20130524T000000Z. */
const SIGNED_AT = new Date('2013-05-24T00:00:00Z');
const HOST = 'examplebucket.s3.amazonaws.com';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SCOPE = 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';

const authorization = (signedHeaders: string, signature: string) =>
  `AWS4-HMAC-SHA256 Credential=${SCOPE},SignedHeaders=${signedHeaders},Signature=${signature}`;

/** "Example: GET Object": the first ten bytes of test.txt. */
const GET_OBJECT: FakeS3Request = {
  method: 'GET',
  rawUrl: '/test.txt',
  headers: {
    host: HOST,
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    authorization: authorization(
      'host;range;x-amz-content-sha256;x-amz-date',
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    ),
  },
  body: Buffer.alloc(0),
};

/** "Example: PUT Object": a key that needs encoding, a signed payload, a signed Date header. */
const PUT_OBJECT: FakeS3Request = {
  method: 'PUT',
  rawUrl: '/test%24file.text',
  headers: {
    host: HOST,
    date: 'Fri, 24 May 2013 00:00:00 GMT',
    'x-amz-date': '20130524T000000Z',
    'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    authorization: authorization(
      'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    ),
  },
  body: Buffer.from('Welcome to Amazon S3.'),
};

/** "Example: GET Bucket Lifecycle" and "Example: Get Bucket (List Objects)": signed queries. */
const bucketGet = (rawUrl: string, signature: string): FakeS3Request => ({
  method: 'GET',
  rawUrl,
  headers: {
    host: HOST,
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    authorization: authorization('host;x-amz-content-sha256;x-amz-date', signature),
  },
  body: Buffer.alloc(0),
});

const with_ = (request: FakeS3Request, changes: Partial<FakeS3Request>): FakeS3Request => ({
  ...request,
  ...changes,
});
const withHeaders = (request: FakeS3Request, headers: Record<string, string>): FakeS3Request =>
  with_(request, { headers: { ...request.headers, ...headers } });
const verdict = async (request: FakeS3Request, credentials: FakeS3Credentials = CREDENTIALS, now = SIGNED_AT) =>
  (await checkSignature(request, credentials, now))?.code ?? 'accepted';

describe("the fake S3's signature check: AWS's documented examples", () => {
  it('accepts GET Object (a signed Range header)', async () => {
    expect(await verdict(GET_OBJECT)).toBe('accepted');
  });

  it('accepts PUT Object (encoded key, signed payload and Date), whichever way the key is encoded', async () => {
    expect(await verdict(PUT_OBJECT)).toBe('accepted');
    expect(await verdict(with_(PUT_OBJECT, { rawUrl: '/test$file.text' }))).toBe('accepted');
  });

  it('accepts GET Bucket Lifecycle (a bare query name) and GET Bucket (queries out of order)', async () => {
    const lifecycle = 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543';
    const list = '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7';
    expect(await verdict(bucketGet('/?lifecycle', lifecycle))).toBe('accepted');
    expect(await verdict(bucketGet('/?max-keys=2&prefix=J', list))).toBe('accepted');
    expect(await verdict(bucketGet('/?prefix=J&max-keys=2', list))).toBe('accepted');
    expect(await verdict(bucketGet('/?max-keys=3&prefix=J', list))).toBe('SignatureDoesNotMatch');
  });

  it('accepts header values with surrounding or repeated spaces, as SigV4 trims them', async () => {
    expect(await verdict(withHeaders(GET_OBJECT, { host: `  ${HOST} `, range: 'bytes=0-9 ' }))).toBe('accepted');
  });
});

describe("the fake S3's signature check: refusals", () => {
  it('refuses a signed header changed on the way', async () => {
    expect(await verdict(withHeaders(GET_OBJECT, { range: 'bytes=0-10' }))).toBe('SignatureDoesNotMatch');
    expect(await verdict(withHeaders(PUT_OBJECT, { 'x-amz-storage-class': 'STANDARD' }))).toBe('SignatureDoesNotMatch');
    expect(await verdict(withHeaders(PUT_OBJECT, { date: 'Sat, 25 May 2013 00:00:00 GMT' }))).toBe(
      'SignatureDoesNotMatch',
    );
  });

  it('refuses another method or key under the same signature', async () => {
    expect(await verdict(with_(GET_OBJECT, { method: 'DELETE' }))).toBe('SignatureDoesNotMatch');
    expect(await verdict(with_(GET_OBJECT, { rawUrl: '/test2.txt' }))).toBe('SignatureDoesNotMatch');
  });

  it('refuses a signature made with another secret', async () => {
    const wrongSecret = { ...CREDENTIALS, secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEZ' };
    expect(await verdict(GET_OBJECT, wrongSecret)).toBe('SignatureDoesNotMatch');
    expect(await verdict(PUT_OBJECT, wrongSecret)).toBe('SignatureDoesNotMatch');
  });

  it('refuses a body that does not hash to the signed payload hash', async () => {
    expect(await verdict(with_(PUT_OBJECT, { body: Buffer.from('Welcome to Amazon S4.') }))).toBe(
      'XAmzContentSHA256Mismatch',
    );
  });

  it('refuses a stale request, and one whose x-amz-date is not the day it was signed for', async () => {
    expect(await verdict(GET_OBJECT, CREDENTIALS, new Date('2013-05-24T00:15:01Z'))).toBe('RequestTimeTooSkewed');
    expect(await verdict(GET_OBJECT, CREDENTIALS, new Date('2013-05-24T00:14:59Z'))).toBe('accepted');
    expect(await verdict(withHeaders(GET_OBJECT, { 'x-amz-date': '20130525T000000Z' }))).toBe('AccessDenied');
  });

  it('refuses an x-amz-* header the signature does not cover, an unknown key id and another region', async () => {
    expect(await verdict(withHeaders(GET_OBJECT, { 'x-amz-acl': 'public-read' }))).toBe('AccessDenied');
    expect(await verdict(GET_OBJECT, { ...CREDENTIALS, accessKeyId: 'AKIAOTHER' })).toBe('InvalidAccessKeyId');
    expect(await verdict(GET_OBJECT, { ...CREDENTIALS, region: 'eu-west-1' })).toBe('AuthorizationHeaderMalformed');
  });
});
