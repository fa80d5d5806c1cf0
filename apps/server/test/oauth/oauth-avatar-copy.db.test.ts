import { Code } from '@cliffhanger/contract';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema.js';
import { AVATAR_PATH } from '../../src/media/storage/media-paths.js';
import { FakePictureHost, pictureBytes, until } from '../helpers/provider-pictures.js';
import { sample } from '../helpers/prometheus.js';
import { multipartBody } from '../helpers/multipart.js';
import { createOAuthTestApp, sessionOf, signIn, type OAuthTestApp } from './oauth-test-app.js';

/**
 * The copy of a sign-in provider's picture, run by the API process itself (JOB_RUNNER=in-process,
 * as in embedded mode): queued by the sign-in, which answers without waiting for the image host,
 * and safe to repeat or to lose the race against the user's own choice.
 */
const host = new FakePictureHost();
let t: OAuthTestApp;
let picture: Buffer;
let subjects = 0;

beforeAll(async () => {
  t = await createOAuthTestApp({}, { providerImages: host.fetch });
  picture = await pictureBytes();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const db = () => t.app.database.db;
const avatarOf = async (uid: number) =>
  (await db().select({ avatar: users.avatar }).from(users).where(eq(users.id, uid)))[0]?.avatar;

async function copies(outcome: 'completed' | 'retried' | 'failed'): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  return sample(text, 'job_runs_total', { job: 'avatar-copy', outcome }) ?? 0;
}

/** A first sign-in with Google whose profile has this picture. */
async function signInWithPicture(url: string | undefined) {
  subjects += 1;
  t.fakes.google.setProfile({
    subject: `copy-subject-${subjects}`,
    name: 'Pictured',
    ...(url ? { picture: url } : {}),
  });
  const res = await signIn(t, 'google');
  expect(res.statusCode).toBe(200);
  return sessionOf(res);
}

describe('the avatar copy (in-process)', () => {
  it('never holds the sign-in: it answers the provider URL, and the stored copy replaces it afterwards', async () => {
    const url = 'https://lh3.example/held.png';
    const release = host.hold(url, picture);
    const before = await copies('completed');
    const session = await signInWithPicture(url);
    // Answered while the image host has not yet sent a byte.
    expect(session.user.avatar).toBe(url);
    await until('the download started', () => Promise.resolve(host.count(url) === 1));
    expect(await avatarOf(session.user.uid)).toBe(url);

    release();
    await until('the copy landed', async () => AVATAR_PATH.test((await avatarOf(session.user.uid)) ?? ''));
    const avatar = (await avatarOf(session.user.uid))!;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: session.token } });
    expect(me.json().data.avatar).toBe(avatar);
    // Served as any upload: our file, re-encoded to a 512×512 WebP.
    const file = await t.app.inject({ method: 'GET', url: `/media/${avatar}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect(await copies('completed')).toBe(before + 1);
  });

  it('is idempotent: a repeat of the same job, or a later sign-in, downloads and changes nothing', async () => {
    const url = 'https://lh3.example/once.png';
    host.serve(url, picture);
    const session = await signInWithPicture(url);
    await until('the copy landed', async () => AVATAR_PATH.test((await avatarOf(session.user.uid)) ?? ''));
    const avatar = await avatarOf(session.user.uid);
    const put = vi.spyOn(t.app.services.media, 'put');

    const repeat = await t.app.services.avatarCopy.copy(
      { userId: session.user.uid, url, replaces: url },
      new AbortController().signal,
    );
    expect(repeat).toEqual({ copied: false, reason: 'avatar changed' });
    const again = sessionOf(await signIn(t, 'google'));
    expect(again.user.uid).toBe(session.user.uid);
    expect(again.user.avatar).toBe(avatar);
    expect(host.count(url)).toBe(1);
    expect(put).not.toHaveBeenCalled();
    expect(await avatarOf(session.user.uid)).toBe(avatar);
  });

  it("never overwrites the user's own avatar, even one uploaded while the copy was downloading", async () => {
    const url = 'https://lh3.example/race.png';
    const release = host.hold(url, picture);
    const done = await copies('completed');
    const put = vi.spyOn(t.app.services.media, 'put');
    const removed = vi.spyOn(t.app.services.media, 'delete');
    const session = await signInWithPicture(url);
    await until('the download started', () => Promise.resolve(host.count(url) === 1));

    const own = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody([
      { field: 'file', filename: 'me.png', contentType: 'image/png', bytes: own },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      payload,
      headers: { ...headers, authorization: session.token },
    });
    expect(uploaded.json().code).toBe(Code.OK);
    const mine = uploaded.json().data.avatar as string;

    release();
    await until('the copy finished', async () => (await copies('completed')) === done + 1);
    expect(await avatarOf(session.user.uid)).toBe(mine);
    // The copy it made was stored, lost the compare-and-set, and was deleted again.
    const copied = put.mock.calls.map(([path]) => path).filter((path) => path !== mine);
    expect(copied).toHaveLength(1);
    expect(removed.mock.calls.map(([path]) => path)).toContain(copied[0]);
  });

  it('leaves a removed avatar removed, and a deleted account alone', async () => {
    const url = 'https://lh3.example/removed.png';
    const release = host.hold(url, picture);
    const done = await copies('completed');
    const removedUser = await signInWithPicture(url);
    await until('the download started', () => Promise.resolve(host.count(url) === 1));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      payload: { avatar: '' },
      headers: { authorization: removedUser.token },
    });
    expect(put.json().code).toBe(Code.OK);
    release();
    await until('the copy finished', async () => (await copies('completed')) === done + 1);
    expect(await avatarOf(removedUser.user.uid)).toBe('');

    const gone = await signInWithPicture('https://lh3.example/gone.png');
    // Its own queued copy (a 404 here) is let finish, so it cannot blur the next test's counts.
    await until('the queued copy finished', async () => (await copies('completed')) === done + 2);
    await t.app.services.account.deleteAccount(gone.user.uid);
    expect(
      await t.app.services.avatarCopy.copy(
        { userId: gone.user.uid, url: 'https://lh3.example/gone.png', replaces: 'https://lh3.example/gone.png' },
        new AbortController().signal,
      ),
    ).toEqual({ copied: false, reason: 'avatar changed' });
    expect(await avatarOf(gone.user.uid)).toBe('');
  });

  it('gives up for good on a missing or broken picture (no retry), keeping the provider URL', async () => {
    const missing = 'https://lh3.example/missing.png';
    const broken = 'https://lh3.example/broken.png';
    host.serve(broken, Buffer.from('<html>not a picture</html>'));
    const done = await copies('completed');
    const retried = await copies('retried');
    const a = await signInWithPicture(missing);
    const b = await signInWithPicture(broken);
    await until('both copies finished', async () => (await copies('completed')) === done + 2);
    // Positive control: both pictures were asked for, so "kept the URL" is the copy's decision.
    expect(host.count(missing) + host.count(broken)).toBe(2);
    expect(await avatarOf(a.user.uid)).toBe(missing);
    expect(await avatarOf(b.user.uid)).toBe(broken);
    expect(host.count(missing)).toBe(1);
    expect(host.count(broken)).toBe(1);
    expect(await copies('retried')).toBe(retried);
  });

  it('queues nothing for a provider without a picture', async () => {
    const downloads = host.downloads.length;
    const session = await signInWithPicture(undefined);
    expect(session.user.avatar).toBe('');
    // Positive control for the count below: a sign-in with a picture downloads it.
    host.serve('https://lh3.example/control.png', picture);
    await signInWithPicture('https://lh3.example/control.png');
    await until('the control download', () => Promise.resolve(host.count('https://lh3.example/control.png') === 1));
    expect(host.downloads.length).toBe(downloads + 1);
  });
});
