import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dramas } from '../../src/db/catalog.schema.js';
import { importAndAnnounce } from '../../src/jobs/catalog-import.job.js';
import { hasFfmpeg, makeClip } from '../catalog-import/import-kit.js';
import { envelope } from '../helpers/accounts.js';
import { setPublishedAt } from '../helpers/catalog-fixture.js';
import { createPushKit, type PushKit } from './push-kit.js';

/**
 * The trigger of the manifest import (`npm run catalog -- import` and the catalog-import job): an
 * episode a re-import adds to a drama already in the catalogue notifies its opted-in followers; a
 * drama the import creates has nobody to tell, and a repeat of the same manifest adds nothing.
 */
const SLOW = { timeout: 240_000 };
const SLUG = 'push-import-drama';
let kit: PushKit;
let dir: string;

beforeAll(async () => {
  kit = await createPushKit();
  dir = await mkdtemp(join(tmpdir(), 'cliffhanger-push-import-'));
});
afterAll(async () => {
  await kit?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function manifest(episodes: number): Promise<string> {
  const file = join(dir, `manifest-${episodes}.json`);
  await writeFile(
    file,
    JSON.stringify({
      dramas: [
        {
          slug: SLUG,
          title: { en: 'Import Push Drama' },
          synopsis: { en: 'Made by the test.' },
          tags: ['test'],
          free_episodes: 1,
          episode_price: 30,
          all_price: 45,
          episodes: Array.from({ length: episodes }, (_, i) => ({
            number: i + 1,
            title: { en: `Part ${i + 1}` },
            source: 'clip.mp4',
          })),
        },
      ],
    }),
  );
  return file;
}

const run = async (file: string) =>
  importAndAnnounce(file, {
    config: kit.t.config,
    db: kit.t.app.database.db,
    warn: (message) => {
      throw new Error(message);
    },
    push: kit.t.app.services.push.dispatch,
    edgePurges: kit.t.app.services.console.edgePurges,
  });

describe.skipIf(!hasFfmpeg)('a new episode from a manifest import', () => {
  it('notifies the followers of a drama that was already there, once', SLOW, async () => {
    makeClip(join(dir, 'clip.mp4'), { seconds: 2, width: 360, height: 640 });
    expect((await run(await manifest(1))).addedEpisodes).toEqual([]);
    const [drama] = await kit.t.app.database.db.select().from(dramas).where(eq(dramas.slug, SLUG));
    // Released before the test's clock (the import stamps the database's own now).
    await setPublishedAt(kit.t.app, drama!.id, new Date('2026-11-01T00:00:00Z'));
    const viewer = await kit.user();
    await kit.optIn(viewer.token);
    expect(envelope(await kit.call('PUT', `/favorites/${drama!.id}`, { token: viewer.token })).code).toBe(200);
    const device = await kit.subscribeWeb(viewer.token);

    const summary = await run(await manifest(2));
    expect(summary.addedEpisodes).toHaveLength(1);
    expect(await run(await manifest(2))).toMatchObject({ addedEpisodes: [] });
    await kit.t.app.services.push.dispatch.deliverDue();
    const pushes = kit.webPush.received.filter((p) => p.endpoint === device.endpoint);
    expect(pushes.map((p) => JSON.parse(p.body) as unknown)).toEqual([
      {
        title: 'Episode 2 of Import Push Drama is out',
        body: 'Watch it now.',
        url: `/pages/video/index?drama_id=${drama!.id}&episode_id=${summary.addedEpisodes[0]}`,
      },
    ]);
  });
});
