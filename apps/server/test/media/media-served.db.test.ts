import { Code } from '@cliffhanger/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes } from '../../src/db/catalog.schema.js';
import { envelope } from '../helpers/accounts.js';
import { EPISODE_FILES, seedDrama, setPublishedAt } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/**
 * A genuine media token opens an episode's files only while they are served: the directory is
 * the current `media_dir` of an episode of a drama released by now. The edge asks the same
 * through the directory check (`GET /media/t/<token>/episodes/<slug>/<dir>/`).
 */
const clock = new TestClock('2026-11-21T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** A token for `dir` valid for an hour from the test clock. */
const tokenFor = (dir: string) =>
  t.app.services.mediaTokens.mint(dir, Math.floor(clock.now().getTime() / 1000) + 3600);
const fileUrl = (dir: string, file = 'hd/seg_000.ts', token = tokenFor(dir)) => `/media/t/${token}/${dir}/${file}`;
const dirUrl = (dir: string, token = tokenFor(dir)) => `/media/t/${token}/${dir}/`;

async function expectNotFound(url: string): Promise<void> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(404);
  expect(envelope(res).code).toBe(Code.NOT_FOUND);
}

async function expectServed(dir: string): Promise<void> {
  const file = await get(fileUrl(dir));
  expect(file.statusCode).toBe(200);
  expect(file.body).toBe(EPISODE_FILES['hd/seg_000.ts']);
  const check = await get(dirUrl(dir));
  expect(check.statusCode).toBe(204);
  expect(check.body).toBe('');
  expect(check.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
}

async function expectNotServed(dir: string): Promise<void> {
  await expectNotFound(fileUrl(dir));
  await expectNotFound(fileUrl(dir, 'master.m3u8'));
  const check = await get(dirUrl(dir));
  expect(check.statusCode).toBe(404);
  expect(envelope(check).code).toBe(Code.NOT_FOUND);
  // Not served is the same answer for every genuine token: a shared cache may keep it briefly.
  expect(check.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
}

describe('which episode directories the media route serves', () => {
  it('serves a released drama and stops at once when it is unpublished, then serves it again', async () => {
    const { drama, episodes: rows } = await seedDrama(t.app, { episodes: 1 });
    const dir = rows[0]!.mediaDir;
    await expectServed(dir);
    const token = tokenFor(dir); // minted before the unpublish, still genuine after it

    await setPublishedAt(t.app, drama.id, null);
    // No time passes: the catalogue change cleared the cache.
    await expectNotServed(dir);
    await expectNotFound(fileUrl(dir, 'hd/seg_000.ts', token));

    await setPublishedAt(t.app, drama.id, new Date('2026-11-01T00:00:00Z'));
    await expectServed(dir);
    expect((await get(fileUrl(dir, 'hd/seg_000.ts', token))).statusCode).toBe(200);
  });

  it('checks the token first: without a genuine one, an unpublished drama answers as any other', async () => {
    const { drama, episodes: rows } = await seedDrama(t.app, { episodes: 1 });
    const dir = rows[0]!.mediaDir;
    await setPublishedAt(t.app, drama.id, null);
    const forged = `k1.${Math.floor(clock.now().getTime() / 1000) + 600}.${'A'.repeat(43)}`;
    for (const url of [fileUrl(dir, 'master.m3u8', forged), dirUrl(dir, forged)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(envelope(res).code).toBe(Code.FORBIDDEN);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const another = (await seedDrama(t.app, { episodes: 1 })).episodes[0]!.mediaDir;
    expect((await get(dirUrl(dir, tokenFor(another)))).statusCode).toBe(403);
    expect((await get(`/media/t//${dir}/`)).statusCode).toBe(403);
  });

  it('does not serve a drama scheduled for later until its time has come', async () => {
    const release = new Date(clock.now().getTime() + 60_000);
    const { episodes: rows } = await seedDrama(t.app, { episodes: 1, publishedAt: release });
    const dir = rows[0]!.mediaDir;
    await expectNotServed(dir);
    clock.advance(59);
    await expectNotServed(dir);
    clock.advance(1);
    await expectServed(dir);
  });

  it('does not serve a directory a re-import replaced, though its files are still stored', async () => {
    const { episodes: rows } = await seedDrama(t.app, { episodes: 1 });
    const old = rows[0]!;
    const replacement = `${old.mediaDir}-b`;
    for (const [name, body] of Object.entries(EPISODE_FILES)) {
      await t.app.services.media.put(`${replacement}/${name}`, Buffer.from(body), 'application/octet-stream');
    }
    await expectServed(old.mediaDir);
    await expectNotServed(replacement); // uploaded, not switched to yet

    // The import's switch, then its announcement.
    await t.app.database.db.update(episodes).set({ mediaDir: replacement }).where(eq(episodes.id, old.id));
    await t.app.services.catalogChanges.publish();
    await expectNotServed(old.mediaDir);
    await expectServed(replacement);
  });

  it('refuses a directory check of anything but an episode directory', async () => {
    const dir = (await seedDrama(t.app, { episodes: 1 })).episodes[0]!.mediaDir;
    const token = tokenFor(dir);
    for (const path of [`${dir}/hd/`, 'episodes/x/', `${dir.replace('episodes/', 'episodes/%2e%2e/')}/`, '/']) {
      const res = await get(`/media/t/${token}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(envelope(res).code).toBe(Code.NOT_FOUND);
    }
    // A directory check needs the tokened form; the public form of it is no media path.
    expect((await get(`/media/${dir}/`)).statusCode).toBe(404);
  });
});
