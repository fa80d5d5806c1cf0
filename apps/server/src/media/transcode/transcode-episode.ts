import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { kindOf } from '../../lib/file-kind.js';
import { probe, runFfmpeg, type ProbeResult } from './ffmpeg.js';
import { HLS_LADDER, KEYFRAME_SECONDS, MASTER_PLAYLIST, SEGMENT_SECONDS } from './hls-ladder.js';

/** A source that cannot be transcoded (unreadable, no video) or an ffmpeg run that failed. */
export class TranscodeError extends Error {
  override readonly name = 'TranscodeError';
}

type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';

/**
 * `abr`: the ladder's bitrates (production; docs/architecture.md#media-and-playback). `compact`: constant
 * quality (CRF 34) capped at the ladder bitrate with mono 32 kb/s audio — for synthetic clips that must stay
 * small enough to commit (the demo catalogue). Sizes, segments and key frames are the same in both.
 */
type RateMode = 'abr' | 'compact';

const COMPACT_CRF = 34;
const COMPACT_AUDIO_K = 32;

export interface TranscodeOptions {
  source: string;
  /** Directory that will hold master.m3u8 and one folder per rendition; created atomically. */
  outDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** x264 preset; production uses veryfast, tests may pass ultrafast. */
  preset?: X264Preset;
  /** Default `abr`. */
  rate?: RateMode;
  /** Told the share of the video encoded so far, 0–1, about twice a second (when the source has a duration). */
  onProgress?: (fraction: number) => void;
}

/** ffmpeg is killed after this long. */
const TIMEOUT_MS = 30 * 60_000;

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function probeSource(ffprobePath: string, source: string) {
  let info: ProbeResult;
  try {
    const st = await stat(source);
    if (!st.isFile()) throw new Error('not a regular file');
    info = await probe(ffprobePath, source);
  } catch (err) {
    throw new TranscodeError(`Cannot read source video ${source}: ${errorMessage(err)}`, { cause: err });
  }
  const video = info.streams.find((s) => s.codec_type === 'video' && s.width !== undefined && s.height !== undefined);
  if (!video) throw new TranscodeError(`Source ${source} has no video stream`);
  const durationS = info.format?.duration ?? video.duration;
  return { durationS, hasAudio: info.streams.some((s) => s.codec_type === 'audio') };
}

type ProbedSource = Awaited<ReturnType<typeof probeSource>>;

/** scale to fit inside w×h keeping the aspect ratio, then pad (black bars) to exactly w×h. */
function fitFilter(width: number, height: number): string {
  return (
    `scale=${width}:${height}:force_original_aspect_ratio=decrease:force_divisible_by=2,` +
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p`
  );
}

function buildFilterGraph(src: ProbedSource, rate: RateMode): string {
  const layout = rate === 'compact' ? 'mono' : 'stereo';
  const n = HLS_LADDER.length;
  const parts: string[] = [];
  parts.push(`[0:v:0]split=${n}${HLS_LADDER.map((_, i) => `[vin${i}]`).join('')}`);
  HLS_LADDER.forEach((r, i) => parts.push(`[vin${i}]${fitFilter(r.width, r.height)}[v${i}]`));
  const audioOut = HLS_LADDER.map((_, i) => `[a${i}]`).join('');
  if (src.hasAudio) {
    parts.push(`[0:a:0]aresample=48000,aformat=channel_layouts=${layout},asplit=${n}${audioOut}`);
  } else {
    // Every rendition carries audio (players and ABR switching expect identical track layouts).
    const trim = src.durationS !== undefined ? `,atrim=duration=${src.durationS.toFixed(3)}` : '';
    parts.push(`anullsrc=channel_layout=${layout}:sample_rate=48000${trim},asplit=${n}${audioOut}`);
  }
  return parts.join(';');
}

function rateArgs(rate: RateMode): string[] {
  const args: string[] = rate === 'compact' ? ['-crf', String(COMPACT_CRF)] : [];
  HLS_LADDER.forEach((r, i) => {
    if (rate === 'compact') {
      args.push(
        `-maxrate:v:${i}`,
        `${r.videoBitrateK}k`,
        `-bufsize:v:${i}`,
        `${r.videoBitrateK * 2}k`,
        `-b:a:${i}`,
        `${COMPACT_AUDIO_K}k`,
      );
    } else {
      args.push(
        `-b:v:${i}`,
        `${r.videoBitrateK}k`,
        `-maxrate:v:${i}`,
        `${Math.round(r.videoBitrateK * 1.07)}k`,
        `-bufsize:v:${i}`,
        `${Math.round(r.videoBitrateK * 1.5)}k`,
        `-b:a:${i}`,
        `${r.audioBitrateK}k`,
      );
    }
  });
  return args;
}

function buildHlsArgs(
  source: string,
  workDir: string,
  src: ProbedSource,
  preset: X264Preset,
  rate: RateMode,
): string[] {
  const args = ['-i', source, '-filter_complex', buildFilterGraph(src, rate)];
  HLS_LADDER.forEach((_, i) => args.push('-map', `[v${i}]`, '-map', `[a${i}]`));
  args.push(
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-preset',
    preset,
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-ac',
    rate === 'compact' ? '1' : '2',
    '-ar',
    '48000',
    ...rateArgs(rate),
  );
  if (!src.hasAudio && src.durationS === undefined) args.push('-shortest');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    join(workDir, '%v', 'seg_%03d.ts'),
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    HLS_LADDER.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '),
    join(workDir, '%v', 'index.m3u8'),
  );
  return args;
}

/**
 * Runs ffmpeg into a temp file beside `outFile` (`args` gets its path) and renames it into place,
 * so `outFile` is never partial. A failure removes the temp file and is reported as `failure`.
 */
export async function ffmpegToFile(
  ffmpegPath: string,
  outFile: string,
  args: (tmp: string) => string[],
  { timeoutMs, failure }: { timeoutMs: number; failure: string },
): Promise<void> {
  await mkdir(dirname(outFile), { recursive: true });
  const tmp = join(dirname(outFile), `.${basename(outFile)}.tmp-${process.pid}-${Date.now()}${extname(outFile)}`);
  try {
    await runFfmpeg(ffmpegPath, args(tmp), { timeoutMs });
    if ((await kindOf(tmp)) !== 'file') throw new Error('ffmpeg wrote nothing');
    await rename(tmp, outFile);
  } catch (err) {
    await rm(tmp, { force: true });
    throw new TranscodeError(`${failure}: ${errorMessage(err)}`, { cause: err });
  }
}

/** Moves a finished work dir into place, replacing an earlier output of the same episode. */
async function publish(workDir: string, outDir: string): Promise<void> {
  if ((await kindOf(outDir)) === 'missing') {
    await rename(workDir, outDir);
    return;
  }
  const old = `${workDir}.old`;
  await rename(outDir, old);
  await rename(workDir, outDir);
  await rm(old, { recursive: true, force: true });
}

/**
 * Transcodes one episode into the HLS ladder (see hls-ladder.ts): one ffmpeg run, both renditions,
 * master playlist (`master.m3u8`, `<rendition>/index.m3u8`). Output is written to a temp dir next
 * to outDir and renamed on success, so a failure leaves no partial output behind. Resolves to the
 * duration in seconds.
 */
export async function transcodeToHls(opts: TranscodeOptions): Promise<number> {
  const { ffmpegPath, ffprobePath } = opts;
  const source = resolve(opts.source);
  const outDir = resolve(opts.outDir);

  const src = await probeSource(ffprobePath, source);

  const parent = dirname(outDir);
  await mkdir(parent, { recursive: true });
  const workDir = await mkdtemp(join(parent, `.${basename(outDir)}.tmp-`));
  try {
    for (const r of HLS_LADDER) await mkdir(join(workDir, r.name));
    try {
      const { onProgress } = opts;
      const total = src.durationS;
      await runFfmpeg(ffmpegPath, buildHlsArgs(source, workDir, src, opts.preset ?? 'veryfast', opts.rate ?? 'abr'), {
        timeoutMs: TIMEOUT_MS,
        onProgress: onProgress && total ? (outTimeS: number) => onProgress(Math.min(1, outTimeS / total)) : undefined,
      });
    } catch (err) {
      throw new TranscodeError(`Transcoding ${source} failed: ${errorMessage(err)}`, { cause: err });
    }
    for (const playlist of [MASTER_PLAYLIST, ...HLS_LADDER.map((r) => `${r.name}/index.m3u8`)]) {
      if ((await kindOf(join(workDir, playlist))) !== 'file') {
        throw new TranscodeError(`Transcoding ${source} produced no ${playlist}`);
      }
    }
    await publish(workDir, outDir);
  } catch (err) {
    await rm(workDir, { recursive: true, force: true });
    throw err;
  }

  if (src.durationS !== undefined) return src.durationS;
  const out = await probe(ffprobePath, join(outDir, HLS_LADDER[0].name, 'index.m3u8')).catch(() => undefined);
  return out?.format?.duration ?? 0;
}

const POSTER_WIDTH = 720;
const POSTER_HEIGHT = 960;

export interface PosterOptions {
  source: string;
  outFile: string;
  atSeconds: number;
  ffmpegPath: string;
  ffprobePath: string;
}

/**
 * Extracts a 720×960 (3:4) JPEG poster at `atSeconds` (clamped into the video), scaled to
 * cover and centre-cropped. Written to a temp file and renamed, so outFile is never partial.
 */
export async function extractPoster(opts: PosterOptions): Promise<void> {
  const { ffmpegPath, ffprobePath } = opts;
  const source = resolve(opts.source);
  const outFile = resolve(opts.outFile);

  const src = await probeSource(ffprobePath, source);
  let at = Math.max(0, opts.atSeconds);
  if (src.durationS !== undefined) at = Math.min(at, Math.max(0, src.durationS - 0.5));

  await ffmpegToFile(
    ffmpegPath,
    outFile,
    (tmp) => [
      '-ss',
      at.toFixed(3),
      '-i',
      source,
      '-frames:v',
      '1',
      '-an',
      '-vf',
      `scale=${POSTER_WIDTH}:${POSTER_HEIGHT}:force_original_aspect_ratio=increase,crop=${POSTER_WIDTH}:${POSTER_HEIGHT},setsar=1`,
      '-q:v',
      '3',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      tmp,
    ],
    { timeoutMs: 60_000, failure: `Poster extraction from ${source} failed (at ${at}s)` },
  );
}
