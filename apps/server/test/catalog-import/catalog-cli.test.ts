import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MANIFEST } from '../../src/demo-catalog/seed-demo-catalog.js';
import { loadManifest } from '../../src/catalog-import/load-manifest.js';
import { catalogCli } from '../helpers/cli.js';

describe('npm run catalog', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints its usage and exits 2 without a command', async () => {
    const exit = await catalogCli([], { DATA_DIR: join(dir, 'data') });
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('Usage: npm run catalog -- import <manifest.json>');
  });

  it('imports a manifest into DATA_DIR and prints a summary; a broken manifest exits 1 listing each problem', async () => {
    // One demo drama, by absolute paths: prebuilt folders, so no ffmpeg is needed.
    const demo = (await loadManifest(DEMO_MANIFEST)).dramas[0];
    const manifest = join(dir, 'one.json');
    await writeFile(manifest, JSON.stringify({ dramas: [demo] }));
    const env = { DATA_DIR: join(dir, 'data'), INIT_CWD: dir };

    const ok = await catalogCli(['import', 'one.json'], env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(
        `Imported 1 drama in [\\d.]+ s:\\n  ${demo?.slug} \\(id \\d+, created\\): 0 transcoded, \\d+ copied, 0 unchanged`,
      ),
    );
    expect(await readdir(join(dir, 'data', 'media'))).toEqual(
      expect.arrayContaining(['banners', 'episodes', 'posters']),
    );

    const broken = join(dir, 'broken.json');
    const episodes = (demo?.episodes ?? []).map((e, i) => (i === 0 ? { ...e, hls: join(dir, 'gone') } : e));
    await writeFile(broken, JSON.stringify({ dramas: [{ ...demo, poster: join(dir, 'nope.jpg'), episodes }] }));
    const bad = await catalogCli(['import', broken], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Nothing was imported');
    expect(bad.stderr).toContain(`drama "${demo?.slug}", ${join(dir, 'nope.jpg')}: file not found`);
    expect(bad.stderr).toContain(
      `drama "${demo?.slug}", episode 1, ${join(dir, 'gone')}: prebuilt HLS folder not found`,
    );
  }, 60_000);
});
