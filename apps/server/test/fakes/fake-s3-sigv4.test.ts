import { describe, expect, it } from 'vitest';
import {
  canonicalRequestOf,
  EMPTY_PAYLOAD_SHA256,
  sha256Hex,
  signingKeyOf,
  signV4,
  toAmzDate,
  uriEncode,
  type SigV4Request,
} from './fake-s3-sigv4.js';

/** The credentials and clock of the S3 examples in the AWS SigV4 documentation. */
const S3_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  amzDate: '20130524T000000Z',
  region: 'us-east-1',
  service: 's3',
} as const;
const HOST = 'examplebucket.s3.amazonaws.com';

function exampleGet(overrides: Partial<SigV4Request> = {}): SigV4Request {
  return {
    ...S3_EXAMPLE,
    method: 'GET',
    path: '/test.txt',
    headers: {
      Host: HOST,
      Range: 'bytes=0-9',
      'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256,
      'x-amz-date': S3_EXAMPLE.amzDate,
    },
    payloadHash: EMPTY_PAYLOAD_SHA256,
    ...overrides,
  };
}

describe('signV4: AWS documented examples', () => {
  it('signs "Example: GET Object" (range header)', () => {
    const signed = signV4(exampleGet());
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        `host:${HOST}`,
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_PAYLOAD_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_PAYLOAD_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs "Example: PUT Object" (encoded key, signed payload, extra headers)', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4({
      ...S3_EXAMPLE,
      method: 'PUT',
      path: `/${uriEncode('test$file.text')}`,
      headers: {
        Host: HOST,
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': S3_EXAMPLE.amzDate,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payloadHash,
      },
      payloadHash,
    });
    expect(signed.signedHeaders).toBe('date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs "GET Bucket Lifecycle" (bare query name) and "GET Bucket" (unsorted query)', () => {
    const bucketGet = (query: [string, string][]) =>
      signV4(
        exampleGet({
          path: '/',
          query,
          headers: { Host: HOST, 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256, 'x-amz-date': S3_EXAMPLE.amzDate },
        }),
      ).signature;
    expect(bucketGet([['lifecycle', '']])).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    expect(
      bucketGet([
        ['prefix', 'J'],
        ['max-keys', '2'],
      ]),
    ).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('derives the documented signing key (IAM example, 20150830)', () => {
    expect(
      signingKeyOf('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20150830', 'us-east-1', 'iam').toString('hex'),
    ).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
  });
});

describe('signV4: canonical form', () => {
  it('is insensitive to header-name case and to surrounding or repeated spaces in values', () => {
    const reference = signV4(exampleGet()).signature;
    const messy = signV4(
      exampleGet({
        headers: {
          HOST: `  ${HOST} `,
          range: 'bytes=0-9',
          'X-Amz-Content-Sha256': EMPTY_PAYLOAD_SHA256,
          'X-AMZ-DATE': S3_EXAMPLE.amzDate,
        },
      }),
    ).signature;
    expect(messy).toBe(reference);
    expect(canonicalRequestOf({ ...exampleGet(), headers: { 'x-a': 'one   two  three' } }).canonicalRequest).toContain(
      'x-a:one two three\n',
    );
  });

  it('changes with every signed part: secret, method, path, query, header, payload, region', () => {
    const reference = signV4(exampleGet()).signature;
    const variants: Partial<SigV4Request>[] = [
      { secretAccessKey: 'wrong' },
      { method: 'DELETE' },
      { path: '/test2.txt' },
      { query: [['versionId', '1']] },
      { headers: { ...exampleGet().headers, Range: 'bytes=0-10' } },
      { payloadHash: sha256Hex('x') },
      { region: 'eu-west-1' },
    ];
    for (const variant of variants) {
      expect(signV4(exampleGet(variant)).signature, JSON.stringify(variant)).not.toBe(reference);
    }
  });

  it('encodes everything but unreserved characters, upper-case hex, slash optional', () => {
    expect(uriEncode("a b+c!'()*~._-é")).toBe('a%20b%2Bc%21%27%28%29%2A~._-%C3%A9');
    expect(uriEncode('a/b c')).toBe('a%2Fb%20c');
    expect(uriEncode('a/b c', false)).toBe('a/b%20c');
  });

  it('sorts query parameters by encoded name, then value', () => {
    const { canonicalRequest } = canonicalRequestOf({
      ...exampleGet(),
      query: [
        ['b', '2'],
        ['a', 'z'],
        ['a', 'y'],
        ['c d', ''],
      ],
    });
    expect(canonicalRequest.split('\n')[2]).toBe('a=y&a=z&b=2&c%20d=');
  });

  it('formats the date as x-amz-date wants and refuses any other form', () => {
    expect(toAmzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
    expect(() => signV4(exampleGet({ amzDate: '2013-05-24T00:00:00Z' }))).toThrow(/x-amz-date/);
  });
});
