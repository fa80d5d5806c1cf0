import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import type { ConsoleDrama } from '@cliffhanger/contract/console';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedDrama } from '../../src/catalog-import/import-plan.js';
import type { MediaTools } from '../../src/catalog-import/media-tools.js';
import { prepareArtwork } from '../../src/catalog-import/prepare-artwork.js';
import { MemoryMediaStorage } from '../../src/media/storage/memory-media-storage.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { auditOf, consoleCaller } from '../helpers/console-catalogue.js';
import { signedInOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** Posters and banners from the console over HTTP: decodable images only, re-encoded like the import's. */
let t: TestApp;
const clock = new TestClock();
let api: ReturnType<typeof consoleCaller>;
let workDir: string;

const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

async function bytesAt(path: string): Promise<Buffer | null> {
  const object = await t.app.services.media.get(path);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The path a drama's artwork URL points at (MEDIA_BASE_URL is `/media` in tests). */
const pathOf = (url: string) => url.replace(/^\/media\//, '');

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  api = consoleCaller(t.app, await signedInOperator(t.app, clock, 'editor'));
  workDir = await mkdtemp(join(tmpdir(), 'console-artwork-'));
});
afterAll(async () => {
  await t?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('poster upload', () => {
  it('stores the JPEG and its WebP copies exactly as the catalogue import renders the same image', async () => {
    const { drama } = await seedDrama(t.app);
    const png = await image(900, 1200);
    const response = await api.upload(`/catalogue/dramas/${drama.id}/artwork/poster`, png, 'poster.png', 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const poster = pathOf(envelope<ConsoleDrama>(response).data.poster);

    // What `npm run catalog -- import` makes of this file as the drama's poster.
    const file = join(workDir, 'poster.png');
    await writeFile(file, png);
    const planned = {
      drama: { slug: drama.slug },
      episodes: [{ number: 1, title: { en: 'x' }, input: { kind: 'source', file: '', sha256: 'x' }, subtitles: {} }],
      poster: { file, sha256: createHash('sha256').update(png).digest('hex') },
      banner: undefined,
    } as unknown as PlannedDrama;
    const imported = await prepareArtwork(planned, {
      media: new MemoryMediaStorage(),
      tools: {} as MediaTools,
      workDir,
    });
    expect(poster).toBe(imported.posterPath);
    const rendered = imported.uploads.filter((upload) => upload.path.startsWith('posters/'));
    expect(rendered.map((upload) => upload.path)).toEqual([
      poster.replace('-720w.jpg', '-360w.webp'),
      poster.replace('-720w.jpg', '-720w.webp'),
      poster,
    ]);
    for (const upload of rendered) expect(await bytesAt(upload.path)).toEqual(upload.bytes);
    expect(await sharp((await bytesAt(poster))!).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 960 });
  });

  it('replaces the old poster, deletes its files after the commit, and audits before → after', async () => {
    const { drama } = await seedDrama(t.app);
    const first = await api.upload(
      `/catalogue/dramas/${drama.id}/artwork/poster`,
      await image(600, 800),
      'a.png',
      'image/png',
    );
    const firstPath = pathOf(envelope<ConsoleDrama>(first).data.poster);
    const second = await api.upload(
      `/catalogue/dramas/${drama.id}/artwork/poster`,
      await image(700, 900, 'jpeg'),
      'b.jpg',
      'image/jpeg',
    );
    const secondPath = pathOf(envelope<ConsoleDrama>(second).data.poster);
    expect(secondPath).not.toBe(firstPath);
    expect(await bytesAt(firstPath)).toBeNull();
    expect(await bytesAt(firstPath.replace('-720w.jpg', '-360w.webp'))).toBeNull();
    expect(await bytesAt(`posters/${drama.slug}.jpg`)).toBeNull();
    expect(await bytesAt(secondPath)).not.toBeNull();
    expect((await auditOf(t.app, `drama:${drama.id}`)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['drama.poster', { poster: `posters/${drama.slug}.jpg` }, { poster: firstPath }],
      ['drama.poster', { poster: firstPath }, { poster: secondPath }],
    ]);
  });

  it('sets the banner at 1280×720 and leaves the poster alone', async () => {
    const { drama } = await seedDrama(t.app);
    const response = await api.upload(
      `/catalogue/dramas/${drama.id}/artwork/banner`,
      await image(1600, 900),
      'b.png',
      'image/png',
    );
    const answer = envelope<ConsoleDrama>(response).data;
    expect(answer.poster).toBe(`/media/posters/${drama.slug}.jpg`);
    expect(answer.banner).toMatch(new RegExp(`^/media/banners/${drama.slug}-[0-9a-f]{8}-1280w\\.jpg$`));
    expect(await sharp((await bytesAt(pathOf(answer.banner)))!).metadata()).toMatchObject({ width: 1280, height: 720 });
    expect((await auditOf(t.app, `drama:${drama.id}`)).at(-1)).toMatchObject({ action: 'drama.banner' });
  });

  it.each([
    ['text called .png', Buffer.from('definitely not an image'), 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml'],
  ])('refuses %s with 10007 and keeps the poster', async (_name, bytes, type) => {
    const { drama } = await seedDrama(t.app);
    const response = await api.upload(`/catalogue/dramas/${drama.id}/artwork/poster`, bytes, 'x.png', type);
    expect(response.statusCode).toBe(400);
    expect(envelope(response).code).toBe(Code.IMAGE_INVALID);
    expect(envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${drama.id}`)).data.poster).toBe(
      `/media/posters/${drama.slug}.jpg`,
    );
    expect(await auditOf(t.app, `drama:${drama.id}`)).toHaveLength(0);
  });

  it('refuses a truncated JPEG with 10007', async () => {
    const { drama } = await seedDrama(t.app);
    const jpeg = await image(800, 800, 'jpeg');
    const response = await api.upload(
      `/catalogue/dramas/${drama.id}/artwork/poster`,
      jpeg.subarray(0, Math.floor(jpeg.length / 3)),
      'cut.jpg',
      'image/jpeg',
    );
    expect(envelope(response).code).toBe(Code.IMAGE_INVALID);
  });

  it('refuses a file over 10 MB with 10004 before decoding it', async () => {
    const { drama } = await seedDrama(t.app);
    const response = await api.upload(
      `/catalogue/dramas/${drama.id}/artwork/poster`,
      Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      'huge.png',
      'image/png',
    );
    expect(response.statusCode).toBe(413);
    expect(envelope(response)).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, data: { max_bytes: 10 * 1024 * 1024 } });
  });

  it('answers 404 for an unknown drama and 10001 for an unknown kind', async () => {
    const png = await image(100, 100);
    expect(envelope(await api.upload('/catalogue/dramas/999999/artwork/poster', png, 'p.png', 'image/png')).code).toBe(
      Code.NOT_FOUND,
    );
    const { drama } = await seedDrama(t.app);
    expect(
      envelope(await api.upload(`/catalogue/dramas/${drama.id}/artwork/logo`, png, 'p.png', 'image/png')).code,
    ).toBe(Code.INVALID_INPUT);
  });
});
