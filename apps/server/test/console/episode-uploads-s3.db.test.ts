import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, type EpisodeImport, isTerminalImportState } from '@cliffhanger/contract/console';
import { Upload } from '@tus/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppInstance } from '../../src/app-instance.js';
import { episodes } from '../../src/db/catalog.schema.js';
import { episodeImports } from '../../src/db/episode-imports.schema.js';
import { hasFfmpeg, makeClip } from '../catalog-import/import-kit.js';
import { startFakeS3, type FakeS3 } from '../fakes/fake-s3.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, NO_PROVIDER_IMAGES, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';
import { createUpload, patchUpload, TUS, uploadOffset } from '../helpers/tus-upload.js';

/**
 * With MEDIA_STORAGE=s3 console uploads are staged in the media bucket, under
 * `<prefix>/uploads/`: two API processes sharing the bucket and the database take turns on one
 * upload (a PATCH resumed on the other machine finds it), the finished upload becomes an episode
 * by the import job (which downloads it for ffmpeg and leaves no copy), and the sweep deletes an
 * upload left unfinished from the bucket. Nothing is staged on the local disk.
 */
const SLOW = { timeout: 240_000 };
const BUCKET = 'media';
const UPLOADS = 'prod/uploads/';
// Outside CI a developer without REDIS_URL skips the shared lock's test; CI always has Redis.
const redisUrl = process.env.REDIS_URL ?? (process.env.CI === 'true' ? 'redis://127.0.0.1:6379' : undefined);
let s3: FakeS3;
let t: TestApp;
let other: AppInstance;
const clock = new TestClock();
let editor: ConsoleOperator;
let dir: string;
let dataDir: string;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: BUCKET, accessKeyId: 'AKIDUPLOADS', secretAccessKey: 'uploads-secret' });
  dir = await mkdtemp(join(tmpdir(), 'cliffhanger-s3-uploads-'));
  // A real DATA_DIR: with `memory://` media and uploads stay in the process, off any bucket.
  dataDir = join(dir, 'data');
  t = await createTestApp({
    clock: clock.now,
    env: {
      DATA_DIR: dataDir,
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ACCESS_KEY_ID: 'AKIDUPLOADS',
      MEDIA_S3_SECRET_ACCESS_KEY: 'uploads-secret',
      MEDIA_S3_PREFIX: 'prod',
      // With Redis the two processes share the upload lock (redis-upload-locker.ts).
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
  });
  // A second API process: same configuration, database and bucket, nothing else in common.
  other = await buildApp(t.config, { database: t.app.database, clock: clock.now, providerImages: NO_PROVIDER_IMAGES });
  editor = await signedInOperator(t.app, clock, 'editor');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Keys staged for uploads, `.info` and `.part` included. */
function stagedKeys(): string[] {
  return [...s3.objects.keys()].filter((key) => key.startsWith(UPLOADS)).sort();
}

async function importOf(uploadId: string) {
  const [row] = await t.app.database.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
  return row!;
}

async function settled(id: number): Promise<EpisodeImport> {
  for (let i = 0; i < 2400; i += 1) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PREFIX}/catalogue/imports/${id}`,
      headers: consoleHeaders(editor),
    });
    const item = response.json().data as EpisodeImport;
    if (isTerminalImportState(item.state)) return item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not settle`);
}

describe('uploads staged in the bucket', () => {
  it('keeps nothing on the local disk and refuses an unknown upload on either process (10002)', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const created = await createUpload(t.app, editor, 3000, { dramaId: drama.id, episode: 2 });
    expect(created.statusCode).toBe(201);
    const uploadId = String(created.headers.location).split('/').pop()!;
    expect(stagedKeys()).toEqual([`${UPLOADS}${uploadId}.info`]);
    expect(s3.multipartUploads.size).toBeGreaterThan(0);
    expect(await readdir(t.app.services.console.episodeImports.staging.directory)).toEqual([]);
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    const unknown = await patchUpload(other, editor, `${String(created.headers.location)}ff`, 0, Buffer.alloc(10));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
  });

  it.skipIf(!hasFfmpeg)(
    'takes one upload in PATCHes to two processes, and its import makes the episode from the bucket',
    SLOW,
    async () => {
      const { drama } = await seedDrama(t.app, { episodes: 1, freeEpisodes: 3 });
      const clip = join(dir, 'pilot.mp4');
      makeClip(clip, { seconds: 3, width: 360, height: 640 });
      const bytes = await readFile(clip);
      const third = Math.ceil(bytes.length / 3);

      const created = await createUpload(t.app, editor, bytes.length, { dramaId: drama.id, filename: 'pilot.mp4' });
      expect(created.statusCode).toBe(201);
      const location = String(created.headers.location);
      const uploadId = location.split('/').pop()!;

      const first = await patchUpload(t.app, editor, location, 0, bytes.subarray(0, third));
      expect(first.statusCode).toBe(204);
      // The other process knows where the upload stands, and takes the next bytes.
      expect(await uploadOffset(other, editor, location)).toBe(third);
      const second = await patchUpload(other, editor, location, third, bytes.subarray(third, 2 * third));
      expect(second.statusCode).toBe(204);
      expect(second.headers['upload-offset']).toBe(String(2 * third));
      // A PATCH at a stale offset is refused there as here.
      const stale = await patchUpload(t.app, editor, location, third, bytes.subarray(third, 2 * third));
      expect(stale.statusCode).toBe(409);
      expect(await uploadOffset(t.app, editor, location)).toBe(2 * third);

      const last = await patchUpload(t.app, editor, location, 2 * third, bytes.subarray(2 * third));
      expect(last.statusCode).toBe(204);
      const item = await settled((await importOf(uploadId)).id);
      expect(item).toMatchObject({ state: 'ready', episode_number: 2, error_code: null });

      const [episode] = await t.app.database.db
        .select()
        .from(episodes)
        .where(and(eq(episodes.dramaId, drama.id), eq(episodes.number, 2)));
      expect(episode?.mediaDir).toBeTruthy();

      expect(
        [...s3.objects.keys()].filter((key) => key.startsWith(`prod/${episode!.mediaDir}/`)).length,
      ).toBeGreaterThan(0);
      // The staged upload (removed just after the commit) and the import's local copy are both gone.
      await expect.poll(() => stagedKeys().filter((key) => key.includes(uploadId))).toEqual([]);
      await expect
        .poll(() => [...s3.multipartUploads.values()].filter((upload) => upload.key.includes(uploadId)))
        .toEqual([]);
      // The local copy goes when the run ends, just after it reported ready.
      await expect.poll(() => readdir(t.app.services.console.episodeImports.staging.directory)).toEqual([]);
    },
  );

  it.skipIf(!redisUrl)(
    'with Redis, a HEAD on the second process ends a PATCH the first is still taking (the client moved on)',
    async () => {
      const { drama } = await seedDrama(t.app, { episodes: 1 });
      const bytes = Buffer.alloc(2 * 1024 * 1024, 3);
      const created = await createUpload(t.app, editor, bytes.length, { dramaId: drama.id, episode: 2 });
      const location = String(created.headers.location);

      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: consoleHeaders(editor, {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        }),
      });
      // Settles when the first process answers or drops the PATCH, whose body is never finished here.
      const ended = new Promise<string>((resolve) => {
        request.on('response', (response) => resolve(`answered ${response.statusCode}`));
        request.on('error', () => resolve('dropped'));
      });
      try {
        await new Promise<void>((resolve) => request.write(bytes.subarray(0, 64 * 1024), () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, 300));

        // The client, its connection thought lost, asks the other process where the upload stands.
        const head = await other.inject({ method: 'HEAD', url: location, headers: consoleHeaders(editor, TUS) });
        expect(head.statusCode).toBe(200);
        expect(
          await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]),
        ).not.toBe('still open');

        // The client sends the rest from the offset HEAD gave (bytes of an unfinished part are not kept).
        const offset = Number(head.headers['upload-offset']);
        const rest = await patchUpload(other, editor, location, offset, bytes.subarray(offset));
        expect(rest.statusCode).toBe(204);
        expect(rest.headers['upload-offset']).toBe(String(bytes.length));
      } finally {
        request.destroy();
      }
      // Not a video: its import fails with 80009 and deletes the staged upload.
      const uploadId = location.split('/').pop()!;
      expect(await settled((await importOf(uploadId)).id)).toMatchObject({ error_code: Code.EPISODE_SOURCE_INVALID });
      await expect.poll(() => stagedKeys().filter((key) => key.includes(uploadId))).toEqual([]);
    },
  );

  it('sweeps an upload left unfinished, and a staged upload nobody owns, out of the bucket', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const created = await createUpload(t.app, editor, 5000, { dramaId: drama.id, episode: 2 });
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    expect((await patchUpload(other, editor, location, 0, Buffer.alloc(1200, 7))).statusCode).toBe(204);
    // Bytes short of a part wait in `.part`.
    expect(stagedKeys()).toEqual(expect.arrayContaining([`${UPLOADS}${uploadId}.info`, `${UPLOADS}${uploadId}.part`]));
    const { staging } = t.app.services.console.episodeImports;
    await staging.store.create(new Upload({ id: 'orphan0123456789', size: 100, offset: 0 }));
    expect(await staging.list()).toEqual(expect.arrayContaining([uploadId, 'orphan0123456789']));

    // Past the uploads' 24 hours, by the app's clock and by the bucket's record of their creation.
    clock.set(new Date(Date.now() + 25 * 3600 * 1000));
    const counts = await t.app.services.console.episodeImports.sweep();
    // The first test's upload, never sent, expires with it.
    expect(counts).toMatchObject({ expired: 2, orphans: 1 });
    expect(await importOf(uploadId)).toMatchObject({ state: 'failed', errorCode: Code.EPISODE_UPLOAD_EXPIRED });
    expect(stagedKeys()).toEqual([]);
    expect(s3.multipartUploads.size).toBe(0);
    expect(await staging.list()).toEqual([]);
  });
});
