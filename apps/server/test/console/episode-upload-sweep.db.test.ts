import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Code } from '@cliffhanger/contract';
import { Upload } from '@tus/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_DATA_DIR } from '../../src/config.js';
import { episodeImports, type EpisodeImportRow } from '../../src/db/episode-imports.schema.js';
import { addSeconds } from '../../src/lib/clock.js';
import {
  EpisodeImportService,
  IMPORT_MAX_ATTEMPTS,
  STALE_QUEUED_S,
  STALE_RUNNING_S,
} from '../../src/services/console/episode-import.service.js';
import { UploadStaging } from '../../src/services/console/upload-staging.js';
import type { JobData, JobName } from '../../src/services/jobs.js';
import { noFfmpegTools } from '../catalog-import/import-kit.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/**
 * The sweep (the `episode-upload-sweep` job): what a crashed process or a lost job leaves behind
 * is finished or handed on, never left `transcoding` forever; unfinished uploads expire after
 * 24 hours with their bytes.
 */
let t: TestApp;
const clock = new TestClock();
let staging: UploadStaging;
let service: EpisodeImportService;
const sent: { name: JobName; data: unknown }[] = [];
let dramaId: number;
let next = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  staging = UploadStaging.forConfig({ dataDir: MEMORY_DATA_DIR });
  service = new EpisodeImportService({
    db: t.app.database.db,
    clock: clock.now,
    media: t.app.services.media,
    // The sweep runs no ffmpeg: an import it hands on runs in its own job.
    tools: noFfmpegTools,
    jobs: {
      send<N extends JobName>(name: N, data: JobData[N]) {
        sent.push({ name, data });
        return Promise.resolve();
      },
    },
    edgePurges: t.app.services.console.edgePurges,
    catalogChanges: { publish: () => Promise.resolve() },
    staging,
    log: { info: () => undefined, warn: () => undefined },
  });
  dramaId = (await seedDrama(t.app, { episodes: 1 })).drama.id;
});
afterAll(async () => {
  staging?.close();
  await t?.close();
});

/** An import row in `state`, last moved `idleS` seconds ago. */
async function row(
  state: EpisodeImportRow['state'],
  idleS: number,
  extra: Partial<typeof episodeImports.$inferInsert> = {},
): Promise<EpisodeImportRow> {
  next += 1;
  const now = clock.now();
  const [inserted] = await t.app.database.db
    .insert(episodeImports)
    .values({
      dramaId,
      episodeNumber: 100 + next,
      uploadId: `sweep${next}${'0'.repeat(20)}`,
      filename: `e${next}.mp4`,
      sizeBytes: 10,
      state,
      attempts: state === 'uploading' || state === 'queued' ? 0 : 1,
      createdAt: addSeconds(now, -idleS),
      updatedAt: addSeconds(now, -idleS),
      ...extra,
    })
    .returning();
  return inserted!;
}

/** Stages an upload's bytes as tus would, `ageS` seconds old. */
async function stage(uploadId: string, size: number, written: number, ageS: number): Promise<void> {
  const createdAt = addSeconds(clock.now(), -ageS).toISOString();
  await staging.store.create(new Upload({ id: uploadId, size, offset: 0, creation_date: createdAt }));
  await staging.store.write(Readable.from([Buffer.alloc(written, 1)]), uploadId, 0);
}

async function reread(id: number): Promise<EpisodeImportRow> {
  const [current] = await t.app.database.db.select().from(episodeImports).where(eq(episodeImports.id, id));
  return current!;
}

describe('the episode upload sweep', () => {
  it('hands a run silent past its bound to a new job, fails one whose runs are used up, leaves a live one', async () => {
    const stale = await row('transcoding', STALE_RUNNING_S + 60);
    const spent = await row('storing', STALE_RUNNING_S + 60, { attempts: IMPORT_MAX_ATTEMPTS });
    const live = await row('transcoding', 60);
    await stage(spent.uploadId, 10, 10, 600);
    sent.length = 0;

    const counts = await service.sweep();
    expect(counts).toMatchObject({ requeued: 1, failed: 1 });
    expect(await reread(stale.id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await reread(stale.id)).errorMessage).toMatch(/stopped reporting/);
    expect(sent).toEqual([{ name: 'episode-import', data: { importId: stale.id } }]);
    expect(await reread(spent.id)).toMatchObject({ state: 'failed', errorCode: Code.INTERNAL_ERROR });
    expect(await readdir(staging.directory)).not.toContain(spent.uploadId);
    expect(await reread(live.id)).toMatchObject({ state: 'transcoding', updatedAt: live.updatedAt });
  });

  it('expires an upload unfinished after 24 hours (80010, bytes deleted), and queues one whose finish was lost', async () => {
    const abandoned = await row('uploading', 25 * 3600);
    await stage(abandoned.uploadId, 10, 4, 25 * 3600);
    const finished = await row('uploading', 120);
    await stage(finished.uploadId, 10, 10, 120);
    const arriving = await row('uploading', 120);
    await stage(arriving.uploadId, 10, 3, 120);
    sent.length = 0;

    await service.sweep();
    expect(await reread(abandoned.id)).toMatchObject({ state: 'failed', errorCode: Code.EPISODE_UPLOAD_EXPIRED });
    const files = await readdir(staging.directory);
    expect(files.filter((file) => file.startsWith(abandoned.uploadId))).toEqual([]);
    expect(await reread(finished.id)).toMatchObject({ state: 'queued' });
    expect(await reread(arriving.id)).toMatchObject({ state: 'uploading' });
    expect(sent).toEqual([{ name: 'episode-import', data: { importId: finished.id } }]);
  });

  it('sends the job again for an import queued too long, and deletes staged files nobody owns after 24 hours', async () => {
    const lost = await row('queued', STALE_QUEUED_S + 60);
    await stage('orphanold00000000000000000000', 10, 10, 25 * 3600);
    await stage('orphannew00000000000000000000', 10, 10, 60);
    sent.length = 0;

    const counts = await service.sweep();
    expect(sent).toEqual([{ name: 'episode-import', data: { importId: lost.id } }]);
    expect((await reread(lost.id)).updatedAt).toEqual(clock.now());
    expect(counts.orphans).toBe(1);
    const files = await readdir(staging.directory);
    expect(files.some((file) => file.startsWith('orphanold'))).toBe(false);
    expect(files.some((file) => file.startsWith('orphannew'))).toBe(true);
  });
});
