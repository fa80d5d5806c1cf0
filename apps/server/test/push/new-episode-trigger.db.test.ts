import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_API_PREFIX, type EpisodeImport, isTerminalImportState } from '@cliffhanger/contract/console';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeImports } from '../../src/db/episode-imports.schema.js';
import { hasFfmpeg, makeClip } from '../catalog-import/import-kit.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { uploadInChunks } from '../helpers/tus-upload.js';
import { createPushKit, type PushKit } from './push-kit.js';

/**
 * The trigger: an episode a console upload adds to a released drama notifies the drama's
 * followers who opted in, through the push-new-episode job; new media for an episode viewers
 * already had notifies nobody.
 */
const SLOW = { timeout: 240_000 };
let kit: PushKit;
let editor: ConsoleOperator;
let dir: string;

beforeAll(async () => {
  kit = await createPushKit();
  editor = await signedInOperator(kit.t.app, kit.clock, 'editor');
  dir = await mkdtemp(join(tmpdir(), 'cliffhanger-push-clips-'));
});
afterAll(async () => {
  await kit?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function uploadAndWait(dramaId: number, file: string, episode?: number): Promise<EpisodeImport> {
  const location = await uploadInChunks(kit.t.app, editor, await readFile(file), {
    dramaId,
    filename: 'clip.mp4',
    ...(episode === undefined ? {} : { episode }),
  });
  const uploadId = location.split('/').pop()!;
  const [row] = await kit.t.app.database.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
  for (let i = 0; i < 2400; i += 1) {
    const response = await kit.t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PREFIX}/catalogue/imports/${row!.id}`,
      headers: consoleHeaders(editor),
    });
    const item = response.json().data as EpisodeImport;
    if (isTerminalImportState(item.state)) return item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not settle');
}

describe.skipIf(!hasFfmpeg)('a new episode from the console', () => {
  it('notifies the drama’s followers once, and a replaced episode notifies nobody', SLOW, async () => {
    const { drama } = await seedDrama(kit.t.app, { episodes: 1 });
    const viewer = await kit.user();
    await kit.optIn(viewer.token);
    expect(envelope(await kit.call('PUT', `/favorites/${drama.id}`, { token: viewer.token })).code).toBe(200);
    const device = await kit.subscribeWeb(viewer.token);
    const clip = join(dir, 'next.mp4');
    makeClip(clip, { seconds: 2, width: 360, height: 640 });

    const added = await uploadAndWait(drama.id, clip);
    expect(added).toMatchObject({ state: 'ready', episode_number: 2, replaced: false });
    const [push] = await kit.webPush.waitFor(1, 30_000);
    expect(push?.endpoint).toBe(device.endpoint);
    expect(JSON.parse(push?.body ?? '{}')).toMatchObject({
      title: `Episode 2 of ${drama.title.en} is out`,
      url: `/pages/video/index?drama_id=${drama.id}&episode_id=${added.episode_id}`,
    });

    const replaced = await uploadAndWait(drama.id, clip, 2);
    expect(replaced).toMatchObject({ state: 'ready', replaced: true });
    // The job would have been queued with the import's commit: give it the time the first one took.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(kit.webPush.received.filter((p) => p.endpoint === device.endpoint)).toHaveLength(1);
    expect(await kit.scalar(sql`SELECT count(*) FROM push_deliveries WHERE user_id = ${viewer.user.uid}`)).toBe(1);
  });
});
