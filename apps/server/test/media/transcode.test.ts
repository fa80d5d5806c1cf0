import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/media/transcode/ffmpeg.js';
import { HLS_LADDER, KEYFRAME_SECONDS, SEGMENT_SECONDS } from '../../src/media/transcode/hls-ladder.js';
import { remuxToMp4 } from '../../src/media/transcode/remux-download.js';
import { extractPoster, TranscodeError, transcodeToHls } from '../../src/media/transcode/transcode-episode.js';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
const SLOW = { timeout: 120_000 };

const hasFfmpeg =
  spawnSync(FFMPEG, ['-version'], { stdio: 'ignore' }).status === 0 &&
  spawnSync(FFPROBE, ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasFfmpeg && process.env.CI !== 'true') console.warn('[skip] media transcode: ffmpeg/ffprobe not found');

/** Generates a lavfi test clip (argument arrays only, never a shell). */
function makeClip(file: string, { width, height, seconds, audio }: { width: number; height: number; seconds: number; audio: boolean }) {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`, '-c:a', 'aac', '-shortest');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', file);
  execFileSync(FFMPEG, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function extinfs(playlist: string): number[] {
  return [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
}

/** Presentation times of the key frames of the first video stream, read through the HLS demuxer. */
function keyFrameTimes(playlistFile: string): number[] {
  const out = execFileSync(
    FFPROBE,
    ['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', playlistFile],
    { encoding: 'utf8' },
  );
  return [...out.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

async function streamsOf(file: string) {
  const info = await probe(FFPROBE, file);
  return {
    video: info.streams.find((s) => s.codec_type === 'video'),
    audio: info.streams.find((s) => s.codec_type === 'audio'),
  };
}

describe.skipIf(!hasFfmpeg && process.env.CI !== 'true')('media transcode (ffmpeg HLS ladder)', () => {
  let dir: string;
  let clip: string;
  let outDir: string;
  let durationS: number;
  const progress: number[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-transcode-'));
    clip = join(dir, 'source.mp4');
    makeClip(clip, { width: 1080, height: 1920, seconds: 9, audio: true });
    outDir = join(dir, 'out', 'episode-1');
    const onProgress = (fraction: number) => progress.push(fraction);
    durationS = await transcodeToHls({ source: clip, outDir, ffmpegPath: FFMPEG, ffprobePath: FFPROBE, onProgress });
  }, SLOW.timeout);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('returns the duration and writes the master and both rendition playlists into outDir', async () => {
    expect(durationS).toBeCloseTo(9, 1);
    expect((await readdir(outDir)).sort()).toEqual(['hd', 'master.m3u8', 'sd']);
    for (const name of ['hd', 'sd']) expect(await readdir(join(outDir, name))).toContain('index.m3u8');
  });

  it("reports ffmpeg's progress as a share of the duration, never going back, up to the end", () => {
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((fraction, i) => fraction >= 0 && fraction <= 1 && fraction >= (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
  });

  it('leaves no temp dir next to outDir', async () => {
    expect(await readdir(join(dir, 'out'))).toEqual(['episode-1']);
  });

  it.each(HLS_LADDER.map((r) => [r.name, r] as const))('%s is H.264 + AAC at the ladder size', async (name, r) => {
    const { video, audio } = await streamsOf(join(outDir, name, 'seg_000.ts'));
    expect(video).toMatchObject({ codec_name: 'h264', width: r.width, height: r.height });
    expect(audio).toMatchObject({ codec_name: 'aac' });
  });

  it.each(HLS_LADDER.map((r) => r.name))('%s segments are 4 s except the last', async (name) => {
    const playlist = await readFile(join(outDir, name, 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const durations = extinfs(playlist);
    expect(durations.length).toBe(3);
    for (const d of durations.slice(0, -1)) expect(Math.abs(d - SEGMENT_SECONDS)).toBeLessThanOrEqual(0.1);
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(9, 0);
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments).toEqual(['seg_000.ts', 'seg_001.ts', 'seg_002.ts']);
  });

  it('puts a key frame every 2 s', () => {
    const times = keyFrameTimes(join(outDir, 'hd', 'index.m3u8'));
    const [first] = times;
    expect(first).toBeDefined();
    const relative = times.map((t) => t - (first ?? 0));
    // 9 s → key frames at 0, 2, 4, 6, 8 and nowhere else.
    expect(relative).toHaveLength(5);
    relative.forEach((t, i) => expect(Math.abs(t - i * KEYFRAME_SECONDS)).toBeLessThanOrEqual(0.05));
  });

  it('writes a master playlist listing both variants with bandwidth, resolution and codecs', async () => {
    const master = await readFile(join(outDir, 'master.m3u8'), 'utf8');
    const variants = [...master.matchAll(/^#EXT-X-STREAM-INF:(.*)\n(.+)$/gm)].map((m) => ({ attrs: m[1] ?? '', uri: m[2] }));
    expect(variants.map((v) => v.uri)).toEqual(['hd/index.m3u8', 'sd/index.m3u8']);
    expect(variants[0]?.attrs).toMatch(/RESOLUTION=720x1280/);
    expect(variants[1]?.attrs).toMatch(/RESOLUTION=480x854/);
    for (const v of variants) {
      expect(v.attrs).toMatch(/BANDWIDTH=\d+/);
      expect(v.attrs).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    }
  });

  it('extracts a 720×960 JPEG poster', SLOW, async () => {
    const poster = join(dir, 'posters', 'episode-1.jpg');
    await extractPoster({ source: clip, outFile: poster, atSeconds: 3, ffmpegPath: FFMPEG, ffprobePath: FFPROBE });
    const { video } = await streamsOf(poster);
    expect(video).toMatchObject({ codec_name: 'mjpeg', width: 720, height: 960 });
    const bytes = await readFile(poster);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  });

  it('adds a silent AAC track to a source without audio and pads a 16:9 source to 9:16', SLOW, async () => {
    const silent = join(dir, 'silent.mp4');
    makeClip(silent, { width: 640, height: 360, seconds: 3, audio: false });
    const out = join(dir, 'out', 'silent');
    const durationS = await transcodeToHls({ source: silent, outDir: out, ffmpegPath: FFMPEG, ffprobePath: FFPROBE, preset: 'ultrafast' });
    expect(durationS).toBeCloseTo(3, 1);
    for (const rendition of HLS_LADDER) {
      const { video, audio } = await streamsOf(join(out, rendition.name, 'seg_000.ts'));
      expect(video).toMatchObject({ codec_name: 'h264', width: rendition.width, height: rendition.height });
      expect(audio).toMatchObject({ codec_name: 'aac' });
    }
  });

  it('compact rate: the same ladder, segments and key frames with mono 32 kb/s audio, and smaller', SLOW, async () => {
    const out = join(dir, 'out', 'compact');
    await transcodeToHls({ source: clip, outDir: out, ffmpegPath: FFMPEG, ffprobePath: FFPROBE, preset: 'ultrafast', rate: 'compact' });
    for (const r of HLS_LADDER) {
      const { video } = await streamsOf(join(out, r.name, 'seg_000.ts'));
      expect(video).toMatchObject({ codec_name: 'h264', width: r.width, height: r.height });
      const audio = execFileSync(
        FFPROBE,
        ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,channels', '-of', 'csv=p=0', join(out, r.name, 'seg_000.ts')],
        { encoding: 'utf8' },
      );
      // ffprobe lists a transport stream's audio once per program and once on its own.
      expect(new Set(audio.split(/\s+/).filter(Boolean))).toEqual(new Set(['aac,1']));
      expect(extinfs(await readFile(join(out, r.name, 'index.m3u8'), 'utf8'))).toHaveLength(3);
    }
    const keys = keyFrameTimes(join(out, 'hd', 'index.m3u8'));
    expect(keys.map((k) => Math.round(k - (keys[0] ?? 0)))).toEqual([0, 2, 4, 6, 8]);
    const sizeOf = async (d: string) => (await readFile(join(d, 'hd', 'seg_000.ts'))).length;
    expect(await sizeOf(out)).toBeLessThan(await sizeOf(outDir));
  });

  it('remuxes the SD rendition into a fast-start MP4 without re-encoding', SLOW, async () => {
    const mp4 = join(dir, 'download.mp4');
    await remuxToMp4({ playlist: join(outDir, 'sd', 'index.m3u8'), outFile: mp4, ffmpegPath: FFMPEG });
    const info = await probe(FFPROBE, mp4);
    expect(info.format?.format_name).toContain('mp4');
    expect(info.format?.duration).toBeCloseTo(9, 0);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 480, height: 854 });
    expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    const bytes = await readFile(mp4);
    // +faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    await expect(remuxToMp4({ playlist: join(dir, 'nope.m3u8'), outFile: join(dir, 'nope.mp4'), ffmpegPath: FFMPEG })).rejects.toThrow(TranscodeError);
    await expect(readdir(dir)).resolves.not.toContain('nope.mp4');
  });

  it('rejects a text file named clip.mp4 and leaves no output', async () => {
    const fake = join(dir, 'clip.mp4');
    await writeFile(fake, 'this is not a video\n');
    const bad = join(dir, 'bad', 'episode');
    await expect(transcodeToHls({ source: fake, outDir: bad, ffmpegPath: FFMPEG, ffprobePath: FFPROBE })).rejects.toThrow(TranscodeError);
    await expect(readdir(bad)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readdir(join(dir, 'bad')).then((entries) => entries.length).catch(() => 0)).resolves.toBe(0);
  });

  it('rejects a missing source with a clear message', async () => {
    const missing = join(dir, 'nope.mp4');
    const bad = join(dir, 'missing-out');
    await expect(transcodeToHls({ source: missing, outDir: bad, ffmpegPath: FFMPEG, ffprobePath: FFPROBE })).rejects.toThrow(
      /Cannot read source video .*nope\.mp4/,
    );
    await expect(readdir(bad)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('cleans up its temp dir when ffmpeg fails after the probe', async () => {
    const parent = join(dir, 'failing');
    const out = join(parent, 'episode');
    await expect(
      transcodeToHls({ source: clip, outDir: out, ffmpegPath: join(dir, 'no-such-ffmpeg'), ffprobePath: FFPROBE }),
    ).rejects.toThrow(/Transcoding .* failed: .*could not be started/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('rejects an audio-only source (no video stream)', SLOW, async () => {
    const audioOnly = join(dir, 'audio.m4a');
    execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', audioOnly]);
    await expect(transcodeToHls({ source: audioOnly, outDir: join(dir, 'audio-out'), ffmpegPath: FFMPEG, ffprobePath: FFPROBE })).rejects.toThrow(
      /has no video stream/,
    );
  });
});
