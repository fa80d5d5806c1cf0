import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DramaCard, Page } from '@cliffhanger/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog-import/import-catalog.js';
import { loadManifest } from '../../src/catalog-import/load-manifest.js';
import type { Manifest } from '../../src/catalog-import/manifest.js';
import { DEMO_MANIFEST, seedDemoCatalog } from '../../src/demo-catalog/seed-demo-catalog.js';
import { DEMO_DRAMAS } from '../../src/demo-catalog/demo-dramas.js';
import { CLIP_SECONDS, sceneGraph } from '../../src/demo-catalog/demo-render.js';
import { dramas, episodes } from '../../src/db/catalog.schema.js';
import { parseSrt, parseVtt } from '../../src/media/subtitles/cue-parser.js';
import { serverRoot } from '../../src/paths.js';
import { MemoryMediaStorage } from '../../src/media/storage/memory-media-storage.js';
import { envelope } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { noFfmpegTools, readAll } from './import-kit.js';

const DEMO_BUDGET_BYTES = 15 * 1024 * 1024;

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

describe('the committed demo catalogue', () => {
  let manifest: Manifest;
  beforeAll(async () => {
    manifest = await loadManifest(DEMO_MANIFEST);
  });

  it('stays within its size budget', async () => {
    expect(await sizeOf(join(serverRoot, 'demo'))).toBeLessThanOrEqual(DEMO_BUDGET_BYTES);
  });

  it('has 12 dramas of 4 to 6 prebuilt episodes, each with free and locked episodes and a discounted price for all', () => {
    expect(manifest.dramas).toHaveLength(12);
    for (const drama of manifest.dramas) {
      expect(drama.episodes.length).toBeGreaterThanOrEqual(4);
      expect(drama.episodes.length).toBeLessThanOrEqual(6);
      expect(drama.free_episodes).toBeGreaterThanOrEqual(1);
      expect(drama.free_episodes).toBeLessThan(drama.episodes.length);
      expect(drama.episode_price).toBeGreaterThanOrEqual(20);
      expect(drama.episode_price).toBeLessThanOrEqual(60);
      expect(drama.all_price).toBeLessThan((drama.episodes.length - drama.free_episodes) * drama.episode_price);
      expect(Object.keys(drama.title).sort()).toEqual(['en', 'tr', 'zh']);
      expect(Object.keys(drama.synopsis).sort()).toEqual(['en', 'tr', 'zh']);
      for (const episode of drama.episodes) {
        expect(episode.hls).toBeDefined();
        expect(episode.source).toBeUndefined();
        expect(Object.keys(episode.title).sort()).toEqual(['en', 'tr', 'zh']);
      }
    }
    expect(manifest.dramas.filter((d) => d.recommend_rank !== undefined).length).toBeGreaterThan(0);
    expect(manifest.dramas.filter((d) => d.banner_rank !== undefined).length).toBeGreaterThan(0);
  });

  it("files every drama under one to three genres, as the demo's source says, and covers most genres", () => {
    for (const drama of manifest.dramas) {
      expect(drama.genres.length, drama.slug).toBeGreaterThanOrEqual(1);
      expect(drama.genres, drama.slug).toEqual(DEMO_DRAMAS.find((d) => d.slug === drama.slug)?.genres);
    }
    expect(new Set(manifest.dramas.flatMap((d) => d.genres)).size).toBeGreaterThanOrEqual(8);
  });

  it('names every drama and episode in zh, en and tr, each language its own text', () => {
    for (const drama of manifest.dramas) {
      for (const text of [drama.title, drama.synopsis]) {
        expect(new Set([text.zh, text.en, text.tr]).size, JSON.stringify(text)).toBe(3);
      }
      // An episode title may read the same in two languages ("Luna"), never empty or untranslated zh.
      for (const text of [drama.title, drama.synopsis, ...drama.episodes.map((e) => e.title)]) {
        expect(text.zh, JSON.stringify(text)).toMatch(/[\u4e00-\u9fff]/);
        expect(text.en?.trim() && text.tr?.trim(), JSON.stringify(text)).toBeTruthy();
      }
    }
  });

  it('draws no text into any picture: the scene graphs have no drawtext and each drama has its own mood', () => {
    const moods = new Set<string>();
    for (const drama of DEMO_DRAMAS) {
      for (const size of [
        { width: 480, height: 854 },
        { width: 720, height: 960 },
        { width: 1280, height: 720 },
      ]) {
        const graph = sceneGraph(drama.scene, drama.colors, 1, { ...size, seconds: CLIP_SECONDS });
        expect(graph).not.toMatch(/drawtext|subtitles=|ass=/);
      }
      moods.add(`${drama.scene.kind}/${drama.colors.join('-')}`);
    }
    expect(moods.size).toBe(DEMO_DRAMAS.length);
  });

  it('has zh, en and tr subtitles for every episode, opening with the drama title in that language', async () => {
    for (const drama of manifest.dramas) {
      for (const episode of drama.episodes) {
        for (const lang of ['zh', 'en', 'tr'] as const) {
          const file = episode.subtitles[lang] ?? '';
          const text = await readFile(file, 'utf8');
          const cues = file.endsWith('.srt') ? parseSrt(text) : parseVtt(text);
          expect(cues[0]?.text, `${file}`).toContain(drama.title[lang]);
          expect(cues[0]?.text, `${file}`).toContain(episode.title[lang]);
        }
      }
    }
  });

  it('has zh, en and tr subtitles for every episode, with a cue in the first two seconds', async () => {
    for (const drama of manifest.dramas) {
      for (const episode of drama.episodes) {
        for (const lang of ['zh', 'en', 'tr'] as const) {
          const file = episode.subtitles[lang] ?? '';
          const text = await readFile(file, 'utf8');
          const cues = file.endsWith('.srt') ? parseSrt(text) : parseVtt(text);
          expect(cues[0]?.startMs, `${file}`).toBeLessThan(2_000);
        }
      }
    }
  });
});

describe('DEMO_CATALOG=true on an empty database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_CATALOG: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('boots with the 12 demo dramas listed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dramas?size=50' });
    expect(res.statusCode).toBe(200);
    const page = envelope<Page<DramaCard>>(res).data;
    expect(page.total).toBe(12);
    expect(page.list).toHaveLength(12);
    expect(page.list.every((card) => card.episode_count >= 4 && card.free_episodes < card.episode_count)).toBe(true);
  });

  it('imports the genres: each card answers its own, and the genre filter lists exactly those filed under it', async () => {
    const all = envelope<Page<DramaCard>>(await t.app.inject({ method: 'GET', url: '/api/v1/dramas?size=50' })).data
      .list;
    const genresByTitle = new Map(DEMO_DRAMAS.map((d) => [d.title.en, d.genres]));
    for (const card of all) expect(card.genres, card.title).toEqual(genresByTitle.get(card.title));
    const url = '/api/v1/dramas?size=50&genre=werewolf';
    const werewolf = envelope<Page<DramaCard>>(await t.app.inject({ method: 'GET', url })).data.list;
    expect(werewolf.map((card) => card.id).sort()).toEqual(
      all
        .filter((card) => card.genres.includes('werewolf'))
        .map((card) => card.id)
        .sort(),
    );
    expect(werewolf.length).toBeGreaterThan(0);
  });

  it('serves a demo poster', async () => {
    const page = envelope<Page<DramaCard>>(await t.app.inject({ method: 'GET', url: '/api/v1/dramas?size=1' })).data;
    const poster = page.list[0]?.poster ?? '';
    expect(poster).toMatch(/^\/media\/posters\/.+\.jpg$/);
    const res = await t.app.inject({ method: 'GET', url: poster });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect([res.rawPayload[0], res.rawPayload[1]]).toEqual([0xff, 0xd8]);
  });

  it('does not seed again once the catalogue has dramas', async () => {
    const before = await t.app.database.db.select().from(dramas).orderBy(asc(dramas.id));
    await seedDemoCatalog(t.app);
    expect(await t.app.database.db.select().from(dramas).orderBy(asc(dramas.id))).toEqual(before);
  });

  it('imports without ffmpeg: prebuilt folders are copied and artwork is re-rendered with sharp', async () => {
    const rows = await t.app.database.db.select().from(episodes).orderBy(asc(episodes.id));
    const fresh = new MemoryMediaStorage();
    const summary = await importCatalog(DEMO_MANIFEST, { db: t.app.database.db, media: fresh, tools: noFfmpegTools });
    for (const drama of summary.dramas) {
      expect(drama).toMatchObject({
        created: false,
        changed: false,
        episodes: { transcoded: 0, unchanged: 0, removed: 0 },
      });
      expect(drama.episodes.copied).toBeGreaterThanOrEqual(4);
    }
    expect(await t.app.database.db.select().from(episodes).orderBy(asc(episodes.id))).toEqual(rows);
    const [first] = rows;
    expect((await readAll(fresh, `${first?.mediaDir}/master.m3u8`))?.toString('utf8')).toContain('#EXTM3U');
    expect((await readAll(fresh, first?.subtitles.zh ?? ''))?.toString('utf8')).toMatch(/^WEBVTT/);
  });
});
