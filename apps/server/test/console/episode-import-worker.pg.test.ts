import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeImports } from '../../src/db/episode-imports.schema.js';
import type { JobLog } from '../../src/jobs/job-run.js';
import { startJobWorker } from '../../src/jobs/job-worker.js';
import { ProcessMetrics } from '../../src/observability/metrics.js';
import { hasFfmpeg, makeClip } from '../catalog-import/import-kit.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { sample } from '../helpers/prometheus.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';
import { uploadInChunks } from '../helpers/tus-upload.js';

/**
 * Episode uploads with JOB_RUNNER=worker, as a PostgreSQL deployment runs them: the API process
 * stages the upload in DATA_DIR/uploads and queues the import in pg-boss; `npm run worker`'s job
 * worker, sharing DATA_DIR, transcodes and stores it and writes the episode.
 */
const SLOW = { timeout: 300_000 };
const clock = new TestClock();
const metrics = new ProcessMetrics();
const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
let t: TestApp;
let dataDir: string;
let editor: ConsoleOperator;
let worker: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cliffhanger-upload-worker-'));
  t = await createTestApp({ clock: clock.now, env: { JOB_RUNNER: 'worker', DATA_DIR: dataDir } });
  editor = await signedInOperator(t.app, clock, 'editor');
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function untilSettled(uploadId: string) {
  for (let i = 0; i < 1200; i += 1) {
    const [row] = await t.app.database.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
    if (row && (row.state === 'ready' || row.state === 'failed')) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`upload ${uploadId} did not settle`);
}

describe.skipIf(!hasFfmpeg)('episode uploads imported by the worker', () => {
  it('the API queues the import, the worker makes the episode viewers can play', SLOW, async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1, freeEpisodes: 5 });
    const clip = join(dataDir, 'clip.mp4');
    makeClip(clip, { seconds: 2, width: 360, height: 640 });
    const location = await uploadInChunks(t.app, editor, await readFile(clip), { dramaId: drama.id });
    const uploadId = location.split('/').pop()!;
    // No worker yet: the import waits in pg-boss's queue.
    const [queued] = await t.app.database.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });

    worker = await startJobWorker(t.config.databaseUrl!, {
      config: t.config,
      db: t.app.database.db,
      clock: clock.now,
      log: quiet,
      metrics,
    });
    const done = await untilSettled(uploadId);
    expect(done).toMatchObject({ state: 'ready', episodeNumber: 2, attempts: 1, errorCode: null });
    // The run is counted once its handler has returned, a moment after the import's row says ready.
    await expect
      .poll(async () =>
        sample(await metrics.render(), 'job_runs_total', { job: 'episode-import', outcome: 'completed' }),
      )
      .toBe(1);

    // The worker told its own processes; this API process's cached drama page catches up within its TTL.
    let numbers: number[] = [];
    for (let i = 0; i < 100 && numbers.length < 2; i += 1) {
      const page = await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${drama.id}` });
      numbers = (page.json().data.episodes as { number: number }[]).map((e) => e.number);
      if (numbers.length < 2) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(numbers).toEqual([1, 2]);
    const play = await t.app.inject({ method: 'GET', url: `/api/v1/episodes/${done.episodeId}/play` });
    expect(play.json().code).toBe(Code.OK);
  });
});
