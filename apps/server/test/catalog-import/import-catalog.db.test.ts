import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkCopies } from '@cliffhanger/contract';
import { readEpisodeRecord } from '../../src/catalog-import/episode-record.js';
import { importCatalog, type ImportSummary } from '../../src/catalog-import/import-catalog.js';
import { CatalogImportError } from '../../src/catalog-import/import-problem.js';
import { dramas, episodes } from '../../src/db/catalog.schema.js';
import { probe } from '../../src/media/transcode/ffmpeg.js';
import { KEYFRAME_SECONDS, SEGMENT_SECONDS } from '../../src/media/transcode/hls-ladder.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  countingTools,
  FFPROBE,
  hasFfmpeg,
  makeClip,
  readAll,
  RecordingStorage,
  type CountingTools,
} from './import-kit.js';

const SLOW = { timeout: 180_000 };
const SRT =
  '1\n00:00:00,500 --> 00:00:02,000\nHello <font color="red">there</font> & welcome\n\n2\n00:00:03,000 --> 00:00:05,000\n<i>Second</i> line\n';
const VTT = 'WEBVTT\n\n00:00.500 --> 00:02.000\n你好\n';

function manifestOf(episodeList: unknown[], extra: Record<string, unknown> = {}) {
  return {
    dramas: [
      {
        slug: 'test-clip-drama',
        title: { en: 'Test Clip Drama', zh: '测试短剧' },
        synopsis: { en: 'A clip made by the test.' },
        tags: ['test'],
        free_episodes: 1,
        episode_price: 30,
        all_price: 45,
        recommend_rank: 1,
        initial_hits: 500,
        initial_likes: 40,
        episodes: episodeList,
        ...extra,
      },
    ],
  };
}

const EPISODE_1 = {
  number: 1,
  title: { en: 'Pilot' },
  source: 'clip.mp4',
  subtitles: { en: 'clip.srt', zh: 'clip.vtt' },
};
const EPISODE_2 = { number: 2, title: { en: 'Short' }, source: 'short.mp4' };

/** Key frame times of a playlist's first video stream, relative to the first. */
function keyFrameTimes(playlistFile: string): number[] {
  const out = execFileSync(
    FFPROBE,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-skip_frame',
      'nokey',
      '-show_entries',
      'frame=best_effort_timestamp_time',
      '-of',
      'csv=p=0',
      playlistFile,
    ],
    { encoding: 'utf8' },
  );
  const times = [...out.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  return times.map((t) => t - (times[0] ?? 0));
}

// In CI ffmpeg is installed by .ci/run; a missing one must fail there, not skip.
describe.skipIf(!hasFfmpeg && process.env.CI !== 'true')('catalogue import of a real clip', () => {
  let t: TestApp;
  let dir: string;
  let media: RecordingStorage;
  let tools: CountingTools;
  let manifestFile: string;
  let first: ImportSummary;

  const write = async (name: string, json: unknown) => {
    const file = join(dir, name);
    await writeFile(file, JSON.stringify(json));
    return file;
  };
  const run = (file: string, withTools: CountingTools = tools) =>
    importCatalog(file, { db: t.app.database.db, media, tools: withTools });
  const snapshot = async () => ({
    dramas: await t.app.database.db.select().from(dramas).orderBy(asc(dramas.id)),
    episodes: await t.app.database.db.select().from(episodes).orderBy(asc(episodes.id)),
  });

  beforeAll(async () => {
    t = await createTestApp();
    media = new RecordingStorage(t.app.services.media);
    tools = countingTools();
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-import-test-'));
    makeClip(join(dir, 'clip.mp4'), { seconds: 9 });
    makeClip(join(dir, 'short.mp4'), { seconds: 3, width: 360, height: 640 });
    await writeFile(join(dir, 'clip.srt'), SRT);
    await writeFile(join(dir, 'clip.vtt'), VTT);
    manifestFile = await write('manifest.json', manifestOf([EPISODE_1, EPISODE_2]));
    first = await run(manifestFile);
  }, SLOW.timeout);

  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('summarises the import', () => {
    expect(first.dramas).toEqual([
      expect.objectContaining({
        slug: 'test-clip-drama',
        created: true,
        episodes: { transcoded: 2, copied: 0, unchanged: 0, removed: 0 },
      }),
    ]);
    expect(tools.calls).toMatchObject({ transcode: 2, extractFrame: 1 });
  });

  it('registers the drama and its episodes in the database', async () => {
    const {
      dramas: [drama],
      episodes: rows,
    } = await snapshot();
    expect(drama).toMatchObject({
      slug: 'test-clip-drama',
      title: { en: 'Test Clip Drama', zh: '测试短剧' },
      sortTitle: 'test clip drama',
      tags: ['test'],
      freeEpisodes: 1,
      episodePrice: 30,
      allPrice: 45,
      recommendRank: 1,
      bannerRank: null,
      hits: 500,
      likes: 40,
    });
    expect(drama?.poster).toMatch(/^posters\/test-clip-drama-[0-9a-f]{8}-720w\.jpg$/);
    expect(drama?.banner).toMatch(/^banners\/test-clip-drama-[0-9a-f]{8}-1280w\.jpg$/);
    expect(rows.map((e) => e.number)).toEqual([1, 2]);
    const [one, two] = rows;
    expect(one?.mediaDir).toMatch(/^episodes\/test-clip-drama\/1-[0-9a-f]{8}$/);
    expect(one?.durationS).toBeCloseTo(9, 0);
    expect(two?.durationS).toBeCloseTo(3, 0);
    expect(Object.keys(one?.subtitles ?? {}).sort()).toEqual(['en', 'zh']);
    expect(one?.subtitles.en).toMatch(new RegExp(`^${one?.mediaDir}/subs/en-[0-9a-f]{8}\\.vtt$`));
    expect(two?.subtitles).toEqual({});
  });

  it('stores sanitised WebVTT subtitles', async () => {
    const [one] = (await snapshot()).episodes;
    const en = (await readAll(media, one?.subtitles.en ?? ''))?.toString('utf8');
    expect(en).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello there &amp; welcome\n\n00:00:03.000 --> 00:00:05.000\n<i>Second</i> line\n',
    );
    expect((await readAll(media, one?.subtitles.zh ?? ''))?.toString('utf8')).toContain('你好');
  });

  it('stores a 720×960 poster and a 1280×720 banner as JPEG', async () => {
    const [drama] = (await snapshot()).dramas;
    const poster = await sharp((await readAll(media, drama?.poster ?? '')) ?? Buffer.alloc(0)).metadata();
    const banner = await sharp((await readAll(media, drama?.banner ?? '')) ?? Buffer.alloc(0)).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 720, height: 960 });
    expect(banner).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('stores WebP copies of the poster and banner at full and half width, same aspect', async () => {
    const [drama] = (await snapshot()).dramas;
    const sizes = async (jpeg: string) =>
      Promise.all(
        artworkCopies(jpeg).map(async (copy) => {
          const meta = await sharp((await readAll(media, copy.path)) ?? Buffer.alloc(0)).metadata();
          return [meta.format, meta.width, meta.height];
        }),
      );
    expect(await sizes(drama?.poster ?? '')).toEqual([
      ['webp', 360, 480],
      ['webp', 720, 960],
    ]);
    expect(await sizes(drama?.banner ?? '')).toEqual([
      ['webp', 640, 360],
      ['webp', 1280, 720],
    ]);
  });

  describe('the stored HLS ladder, written back to disk and probed', () => {
    let out: string;

    beforeAll(async () => {
      const [one] = (await snapshot()).episodes;
      const mediaDir = one?.mediaDir ?? '';
      const record = await readEpisodeRecord(media, mediaDir);
      out = join(dir, 'stored');
      for (const file of record?.files ?? []) {
        const target = join(out, file);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, (await readAll(media, `${mediaDir}/${file}`)) ?? Buffer.alloc(0));
      }
    });

    it.each([
      ['hd', 720, 1280],
      ['sd', 480, 854],
    ] as const)('%s is H.264 %i×%i with AAC', async (name, width, height) => {
      const info = await probe(FFPROBE, join(out, name, 'seg_000.ts'));
      expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width, height });
      expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    });

    it.each(['hd', 'sd'])('%s segments last at most 4 s', async (name) => {
      const playlist =
        (await readAll(media, `${(await snapshot()).episodes[0]?.mediaDir}/${name}/index.m3u8`))?.toString('utf8') ??
        '';
      const durations = [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
      expect(durations).toHaveLength(3);
      for (const d of durations) expect(d).toBeLessThanOrEqual(SEGMENT_SECONDS + 0.1);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(9, 0);
    });

    it.each(['hd', 'sd'])('%s has a key frame every 2 s', (name) => {
      const times = keyFrameTimes(join(out, name, 'index.m3u8'));
      expect(times).toHaveLength(5);
      times.forEach((time, i) => expect(Math.abs(time - i * KEYFRAME_SECONDS)).toBeLessThanOrEqual(0.05));
    });

    it('has a master playlist and an MP4 download of the SD rendition', async () => {
      const info = await probe(FFPROBE, join(out, 'download.mp4'));
      expect(info.format?.format_name).toContain('mp4');
      expect(info.format?.duration).toBeCloseTo(9, 0);
      expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        width: 480,
        height: 854,
      });
      expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      const master = (await readAll(media, `${(await snapshot()).episodes[0]?.mediaDir}/master.m3u8`))?.toString(
        'utf8',
      );
      expect(master).toMatch(/hd\/index\.m3u8[\s\S]*sd\/index\.m3u8/);
    });
  });

  it('re-importing the same manifest keeps ids and rows and runs no ffmpeg', SLOW, async () => {
    const before = await snapshot();
    const calls = { ...tools.calls };
    media.reset();
    const again = await run(manifestFile);
    expect(again.dramas[0]).toMatchObject({
      created: false,
      changed: false,
      episodes: { transcoded: 0, copied: 0, unchanged: 2, removed: 0 },
    });
    expect(tools.calls.transcode).toBe(calls.transcode);
    expect(tools.calls.extractFrame).toBe(calls.extractFrame);
    expect(media.puts).toEqual([]);
    expect(media.deletes).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it(
    'reports a missing source, a corrupt source and a broken subtitle together, and changes nothing',
    SLOW,
    async () => {
      await writeFile(join(dir, 'corrupt.mp4'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
      await writeFile(join(dir, 'broken.srt'), '1\n00:00:05,000 --> 00:00:01,000\nbackwards\n');
      const bad = await write(
        'bad.json',
        manifestOf(
          [
            { ...EPISODE_1, source: 'missing.mp4' },
            { ...EPISODE_2, source: 'corrupt.mp4', subtitles: { tr: 'broken.srt' } },
          ],
          { episode_price: 99 },
        ),
      );
      const before = await snapshot();
      media.reset();
      const error = await run(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CatalogImportError);
      expect((error as CatalogImportError).problems).toEqual([
        { slug: 'test-clip-drama', episode: 1, file: join(dir, 'missing.mp4'), message: 'source video not found' },
        expect.objectContaining({
          slug: 'test-clip-drama',
          episode: 2,
          file: join(dir, 'corrupt.mp4'),
          message: expect.stringMatching(/not usable/),
        }),
        expect.objectContaining({
          slug: 'test-clip-drama',
          episode: 2,
          file: join(dir, 'broken.srt'),
          message: expect.stringMatching(/do not parse/),
        }),
      ]);
      expect(media.puts).toEqual([]);
      expect(media.deletes).toEqual([]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('a transcode failure (after validation) leaves the catalogue as it was', SLOW, async () => {
    makeClip(join(dir, 'new.mp4'), { seconds: 2, width: 360, height: 640 });
    const failing = countingTools();
    failing.transcode = () => Promise.reject(new Error('ffmpeg exploded'));
    const changed = await write(
      'changed.json',
      manifestOf([EPISODE_1, { ...EPISODE_2, source: 'new.mp4' }], { episode_price: 10 }),
    );
    const before = await snapshot();
    media.reset();
    await expect(run(changed, failing)).rejects.toMatchObject({
      problems: [{ slug: 'test-clip-drama', episode: 2, file: join(dir, 'new.mp4'), message: 'ffmpeg exploded' }],
    });
    expect(media.puts).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a transcode failure after another episode was stored deletes what that episode stored', SLOW, async () => {
    makeClip(join(dir, 'third.mp4'), { seconds: 2, width: 360, height: 640 });
    makeClip(join(dir, 'fourth.mp4'), { seconds: 3, width: 360, height: 640 });
    const real = countingTools();
    const failing: CountingTools = {
      ...real,
      transcode: (source, outDir, onProgress) =>
        source.endsWith('fourth.mp4')
          ? Promise.reject(new Error('ffmpeg exploded'))
          : real.transcode(source, outDir, onProgress),
    };
    const longer = await write(
      'longer.json',
      manifestOf([
        EPISODE_1,
        EPISODE_2,
        { number: 3, title: { en: 'Third' }, source: 'third.mp4' },
        { number: 4, title: { en: 'Fourth' }, source: 'fourth.mp4' },
      ]),
    );
    const before = await snapshot();
    media.reset();
    await expect(run(longer, failing)).rejects.toMatchObject({
      problems: [{ episode: 4, message: 'ffmpeg exploded' }],
    });
    // Episode 3 was transcoded and stored before episode 4 failed; none of it is left.
    expect(media.puts.some((path) => path.endsWith('/source.json'))).toBe(true);
    for (const path of media.puts) expect(await readAll(media, path)).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it('a manifest without an episode deletes it and its media; changed fields are updated', SLOW, async () => {
    const before = await snapshot();
    const removedDir = before.episodes[1]?.mediaDir ?? '';
    const calls = { ...tools.calls };
    const smaller = await write(
      'smaller.json',
      manifestOf([EPISODE_1], { episode_price: 35, title: { en: 'Renamed Drama' } }),
    );
    const summary = await run(smaller);
    expect(summary.dramas[0]).toMatchObject({ created: false, changed: true, episodes: { unchanged: 1, removed: 1 } });
    // What the CDN is told to drop: the removed episode's directory; the drama is still out.
    expect(summary.retiredDirs).toEqual([removedDir]);
    expect(summary.withdrawnSlugs).toEqual([]);
    expect(tools.calls.transcode).toBe(calls.transcode);
    const after = await snapshot();
    expect(after.dramas[0]).toMatchObject({
      id: before.dramas[0]?.id,
      episodePrice: 35,
      title: { en: 'Renamed Drama' },
      sortTitle: 'renamed drama',
      hits: 500,
    });
    expect(after.episodes).toEqual([before.episodes[0]]);
    expect(await readAll(media, `${removedDir}/master.m3u8`)).toBeNull();
    expect(await readAll(media, `${removedDir}/source.json`)).toBeNull();
    expect(await t.app.database.db.select().from(episodes).where(eq(episodes.mediaDir, removedDir))).toEqual([]);
  });

  it('moving a released drama’s release to later withdraws it once; a past release time withdraws nothing', SLOW, async () => {
    const same = { episode_price: 35, title: { en: 'Renamed Drama' } };
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const hidden = await run(await write('later.json', manifestOf([EPISODE_1], { ...same, published_at: later })));
    expect(hidden.withdrawnSlugs).toEqual(['test-clip-drama']);
    expect(hidden.retiredDirs).toEqual([]);
    // Not out, so nothing more to withdraw.
    const again = await run(await write('later-again.json', manifestOf([EPISODE_1], { ...same, published_at: later })));
    expect(again.withdrawnSlugs).toEqual([]);
    const past = new Date(Date.now() - 60_000).toISOString();
    const released = await run(await write('past.json', manifestOf([EPISODE_1], { ...same, published_at: past })));
    expect(released.withdrawnSlugs).toEqual([]);
  });
});
