import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@cliffhanger/contract';
import { CONSOLE_API_PREFIX, type EpisodeImport, isTerminalImportState } from '@cliffhanger/contract/console';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes } from '../../src/db/catalog.schema.js';
import { episodeImports } from '../../src/db/episode-imports.schema.js';
import { operatorAuditLog } from '../../src/db/operators.schema.js';
import { readAll, hasFfmpeg, makeClip } from '../catalog-import/import-kit.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';
import { uploadInChunks } from '../helpers/tus-upload.js';

/**
 * A real video uploaded through the console becomes an episode viewers can play, by the manifest
 * import's own steps; a second upload of the same number replaces its media and deletes the old.
 */
const SLOW = { timeout: 240_000 };
let t: TestApp;
const clock = new TestClock();
let editor: ConsoleOperator;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  editor = await signedInOperator(t.app, clock, 'editor');
  dir = await mkdtemp(join(tmpdir(), 'cliffhanger-upload-clips-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Polls the import as the console does, keeping each state seen, until it is ready or failed. */
async function follow(id: number): Promise<{ last: EpisodeImport; seen: string[] }> {
  const seen: string[] = [];
  for (let i = 0; i < 2400; i += 1) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PREFIX}/catalogue/imports/${id}`,
      headers: consoleHeaders(editor),
    });
    const item = response.json().data as EpisodeImport;
    if (seen.at(-1) !== item.state) seen.push(item.state);
    if (isTerminalImportState(item.state)) return { last: item, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not settle`);
}

async function importOfUpload(location: string) {
  const uploadId = location.split('/').pop()!;
  const [row] = await t.app.database.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
  return row!;
}

describe.skipIf(!hasFfmpeg)('a real video through the console', () => {
  let dramaId: number;
  let first: EpisodeImport;

  it('reaches ready, and the new episode is on the drama page and plays for a visitor', SLOW, async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1, freeEpisodes: 3 });
    dramaId = drama.id;
    const clip = join(dir, 'pilot.mp4');
    makeClip(clip, { seconds: 3, width: 360, height: 640 });
    const location = await uploadInChunks(
      t.app,
      editor,
      await readFile(clip),
      { dramaId, filename: 'pilot.mp4' },
      40_000,
    );
    const { last, seen } = await follow((await importOfUpload(location)).id);
    first = last;
    expect(last).toMatchObject({ state: 'ready', percent: 100, episode_number: 2, replaced: false, error_code: null });
    // The steps in order (polling may miss the short ones, never reorder them).
    const order = ['queued', 'probing', 'transcoding', 'storing', 'ready'];
    expect(seen.filter((s) => order.includes(s))).toEqual(order.filter((s) => seen.includes(s)));
    expect(seen).toContain('ready');

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${dramaId}` });
    const listed = (page.json().data.episodes as { id: number; number: number }[]).map((e) => e.number);
    expect(listed).toEqual([1, 2]);

    const play = await t.app.inject({ method: 'GET', url: `/api/v1/episodes/${last.episode_id}/play` });
    expect(play.json().code).toBe(Code.OK);
    const playlist = await t.app.inject({ method: 'GET', url: play.json().data.playlist_url as string });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');

    const [episode] = await t.app.database.db.select().from(episodes).where(eq(episodes.id, last.episode_id!));
    expect(episode!.durationS).toBeCloseTo(3, 0);
    expect(await readAll(t.app.services.media, `${episode!.mediaDir}/download.mp4`)).not.toBeNull();

    const audit = await t.app.database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'episode.import'), eq(operatorAuditLog.target, `drama:${dramaId}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: editor.id,
      before: null,
      after: { episode: 2, media_dir: episode!.mediaDir },
    });
  });

  it('a second upload of the same episode replaces its media and deletes the old files', SLOW, async () => {
    const [before] = await t.app.database.db.select().from(episodes).where(eq(episodes.id, first.episode_id!));
    const clip = join(dir, 'recut.mp4');
    makeClip(clip, { seconds: 2, width: 360, height: 640 });
    const location = await uploadInChunks(t.app, editor, await readFile(clip), {
      dramaId,
      episode: 2,
      filename: 'recut.mp4',
    });
    const { last } = await follow((await importOfUpload(location)).id);
    expect(last).toMatchObject({ state: 'ready', replaced: true, episode_id: first.episode_id });

    const [after] = await t.app.database.db.select().from(episodes).where(eq(episodes.id, first.episode_id!));
    expect(after!.mediaDir).not.toBe(before!.mediaDir);
    expect(after!.durationS).toBeCloseTo(2, 0);
    expect(await readAll(t.app.services.media, `${before!.mediaDir}/master.m3u8`)).toBeNull();
    expect(await readAll(t.app.services.media, `${after!.mediaDir}/master.m3u8`)).not.toBeNull();
  });
});
