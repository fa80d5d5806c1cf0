import { randomBytes } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { multipartBody } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const sms = new RecordingSmsSender();
let t: TestApp;
let token: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  token = (await signIn({ app: t.app, sms })).token;
  // A real photo-like PNG carrying EXIF that must not survive (camera details, orientation).
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'SpyCam' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

function upload(
  bytes: Buffer,
  options: { filename?: string; contentType?: string; field?: string; auth?: string | null } = {},
) {
  const { payload, headers } = multipartBody([
    {
      field: options.field ?? 'file',
      filename: options.filename ?? 'me.png',
      contentType: options.contentType ?? 'image/png',
      bytes,
    },
  ]);
  const auth = options.auth === undefined ? token : options.auth;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/avatar',
    payload,
    headers: { ...headers, ...(auth === null ? {} : { authorization: auth }) },
  });
}

const getUser = (auth = token) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: auth } });
const media = (url: string) => t.app.inject({ method: 'GET', url });

describe('POST /user/avatar', () => {
  it('checks that the fixture really carries EXIF', async () => {
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeDefined();
    expect(meta.orientation).toBe(6);
  });

  it('re-encodes a PNG to a 512×512 WebP without metadata and sets it as the avatar', async () => {
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const { avatar } = envelope(res).data as { avatar: string };
    expect(avatar).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(envelope(await getUser()).data.avatar).toBe(avatar);

    const served = await media(`/media/${avatar}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('turns the picture upright by its EXIF orientation before dropping the metadata', async () => {
    // Stored 200×100, left half red, right half blue, tagged "rotate 90° clockwise to display":
    // upright it is 100×200 with red on top.
    const half = (r: number, b: number) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background: { r, g: 0, b } } })
        .png()
        .toBuffer();
    const tagged = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
      .composite([
        { input: await half(255, 0), left: 0, top: 0 },
        { input: await half(0, 255), left: 100, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { avatar } = envelope(await upload(tagged, { filename: 'p.jpg', contentType: 'image/jpeg' })).data;
    const served = (await media(`/media/${avatar as string}`)).rawPayload;
    const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return { r: data[i] ?? 0, b: data[i + 2] ?? 0 };
    };
    // Unrotated, the top right of the square crop would be blue.
    expect(pixel(400, 10).r).toBeGreaterThan(200);
    expect(pixel(400, 10).b).toBeLessThan(60);
    expect(pixel(400, 500).b).toBeGreaterThan(200);
  });

  it('accepts an image larger than BODY_LIMIT_BYTES but within AVATAR_MAX_BYTES', async () => {
    const noisy = await sharp({
      create: {
        width: 1200,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(t.config.bodyLimitBytes);
    expect(noisy.length).toBeLessThan(t.config.avatarMaxBytes);
    const res = await upload(noisy);
    expect(envelope(res).code).toBe(200);
  });

  it('decides the type by content, not by name or declared type', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    const res = await upload(jpeg, { filename: 'photo.txt', contentType: 'application/octet-stream' });
    expect(envelope(res).code).toBe(200);
  });

  it('replaces the previous avatar file', async () => {
    const first = envelope(await upload(png)).data.avatar as string;
    const second = envelope(await upload(png)).data.avatar as string;
    expect(second).not.toBe(first);
    expect((await media(`/media/${first}`)).statusCode).toBe(404);
    expect((await media(`/media/${second}`)).statusCode).toBe(200);
  });

  it('refuses a text file named x.png with 10007 and keeps the avatar', async () => {
    const before = envelope(await getUser()).data.avatar;
    const res = await upload(Buffer.from('definitely not an image\n'.repeat(20)), { filename: 'x.png' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(Code.IMAGE_INVALID);
    expect(envelope(await getUser()).data.avatar).toBe(before);
  });

  it('refuses a truncated image with 10007', async () => {
    const res = await upload(png.subarray(0, Math.floor(png.length / 2)));
    expect(envelope(res).code).toBe(Code.IMAGE_INVALID);
  });

  it('refuses an SVG (not an accepted format) with 10007', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(envelope(await upload(svg, { filename: 'a.svg', contentType: 'image/svg+xml' })).code).toBe(
      Code.IMAGE_INVALID,
    );
  });

  it('refuses a 6 MB file with 10004 (HTTP 413) and keeps the avatar', async () => {
    const before = envelope(await getUser()).data.avatar;
    const res = await upload(randomBytes(6 * 1024 * 1024), { filename: 'big.png' });
    expect(res.statusCode).toBe(413);
    expect(envelope(res)).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, data: { max_bytes: 5 * 1024 * 1024 } });
    expect(envelope(await getUser()).data.avatar).toBe(before);
  });

  it('refuses a request without the file field, or not multipart, with 10001 naming body.file', async () => {
    const wrongField = await upload(png, { field: 'image' });
    expect(envelope(wrongField)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'body.file' }] },
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: { authorization: token },
      payload: { file: 'x' },
    });
    expect(envelope(json)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.file' }] } });
  });

  it('is the only route that parses multipart bodies', async () => {
    const { payload, headers } = multipartBody([
      { field: 'nickname', filename: 'n.txt', contentType: 'text/plain', bytes: Buffer.from('x') },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      payload,
      headers: { ...headers, authorization: token },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'headers.content-type' }] },
    });
  });

  it('answers 10027 to a visitor', async () => {
    const res = await upload(png, { auth: null });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('PUT /user with the uploaded avatar', () => {
  it('accepts the path the upload answered, and "" removes the avatar and its file', async () => {
    const avatar = envelope(await upload(png)).data.avatar as string;
    const put = (value: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user',
        headers: { authorization: token },
        payload: { avatar: value },
      });
    expect(envelope(await put(avatar)).data.avatar).toBe(avatar);
    expect(envelope(await put('')).data.avatar).toBe('');
    expect((await media(`/media/${avatar}`)).statusCode).toBe(404);
  });

  it("refuses another user's uploaded avatar with 10001 naming body.avatar", async () => {
    const other = await signIn({ app: t.app, sms });
    const theirs = envelope(await upload(png, { auth: other.token })).data.avatar as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: { authorization: token },
      payload: { avatar: theirs },
    });
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.avatar' }] } });
  });
});

describe('GET /media/avatars/*', () => {
  it.each([
    '/media/avatars/..%2f..%2fsecret.key',
    '/media/avatars/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/media/avatars/../../package.json',
    '/media/avatars/..%5c..%5csecret.key',
    '/media/avatars/%2fetc%2fpasswd',
    '/media/avatars/0b9d6a34-8f0e-4c55-9d3b-2b9f0e5c1a77.webp',
    '/media/avatars/0b9d6a34-8f0e-4c55-9d3b-2b9f0e5c1a77.png',
    '/media/avatars/',
    '/media/other/x.webp',
  ])('answers %s with the 404 envelope', async (url) => {
    const res = await media(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.NOT_FOUND });
  });
});
