import { Code, type Session } from '@cliffhanger/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Semaphore } from '../../src/lib/semaphore.js';
import { AVATAR_CONCURRENT_DECODES, AVATAR_UPLOADS_PER_HOUR } from '../../src/services/avatar.service.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, signIn } from '../helpers/accounts.js';
import { multipartBody } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Hostile avatar uploads: decompression bombs, upload floods, decode bursts. */
const sms = new RecordingSmsSender();
let t: TestApp;
let small: Buffer;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

function upload(session: Session, bytes: Buffer) {
  const { payload, headers } = multipartBody([{ field: 'file', filename: 'a.png', contentType: 'image/png', bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/avatar',
    headers: { ...headers, ...bearer(session.token) },
    payload,
  });
}

describe('avatar limits', () => {
  it('refuses a 5000×5000 image (25 megapixels, past the decode cap) with 10007', async () => {
    const me = await signIn({ app: t.app, sms });
    const big = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const res = await upload(me, big);
    expect(envelope(res).code).toBe(Code.IMAGE_INVALID);
  });

  it(`takes ${AVATAR_UPLOADS_PER_HOUR} uploads an hour per user, then 10003`, async () => {
    const me = await signIn({ app: t.app, sms });
    for (let i = 0; i < AVATAR_UPLOADS_PER_HOUR; i += 1) expect(envelope(await upload(me, small)).code).toBe(200);
    const refused = await upload(me, small);
    expect(envelope(refused)).toMatchObject({
      code: Code.TOO_MANY_REQUESTS,
      data: { retry_after_s: expect.any(Number) },
    });
  });

  it(`decodes at most ${AVATAR_CONCURRENT_DECODES} images at once`, async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => signIn({ app: t.app, sms })));
    // Counts the decodes inside the service's own semaphore, as they start and end.
    const decodes = t.app.services.avatar.decodes;
    const run = decodes.run.bind(decodes);
    let running = 0;
    let peak = 0;
    const spy = vi.spyOn(decodes, 'run').mockImplementation((task) =>
      run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        try {
          return await task();
        } finally {
          running -= 1;
        }
      }),
    );
    const results = await Promise.all(users.flatMap((u) => [upload(u, small), upload(u, small)]));
    spy.mockRestore();
    expect(results.every((res) => envelope(res).code === 200)).toBe(true);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(AVATAR_CONCURRENT_DECODES);
  });
});

describe('Semaphore', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
  });
});
