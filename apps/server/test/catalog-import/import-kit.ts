import { execFileSync, spawnSync } from 'node:child_process';
import { createFfmpegTools, type MediaTools } from '../../src/catalog-import/media-tools.js';
import type { MediaObject, MediaStorage } from '../../src/media/storage/media-storage.js';

export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

/** In CI ffmpeg is installed and a skipped suite fails the run; elsewhere the suite may be left out. */
export const hasFfmpeg =
  (spawnSync(FFMPEG, ['-version'], { stdio: 'ignore' }).status === 0 &&
    spawnSync(FFPROBE, ['-version'], { stdio: 'ignore' }).status === 0) ||
  process.env.CI === 'true';

/** A lavfi test clip with a tone (argument arrays only, never a shell). */
export function makeClip(
  file: string,
  { seconds, width = 1080, height = 1920 }: { seconds: number; width?: number; height?: number },
): void {
  // prettier-ignore
  execFileSync(
    FFMPEG,
    [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
      file,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

export interface CountingTools extends MediaTools {
  calls: Record<'checkVideo' | 'transcode' | 'extractFrame', number>;
}

/** The real ffmpeg tools (ultrafast, to keep the suite quick), counting each run. */
export function countingTools(
  base: MediaTools = createFfmpegTools({ ffmpegPath: FFMPEG, ffprobePath: FFPROBE, preset: 'ultrafast' }),
): CountingTools {
  const calls = { checkVideo: 0, transcode: 0, extractFrame: 0 };
  return {
    calls,
    pipeline: base.pipeline,
    checkVideo: (file) => (calls.checkVideo++, base.checkVideo(file)),
    transcode: (source, outDir, onProgress) => (calls.transcode++, base.transcode(source, outDir, onProgress)),
    extractFrame: (video, outFile) => (calls.extractFrame++, base.extractFrame(video, outFile)),
  };
}

/** Tools that fail the test if the import reaches for ffmpeg at all. */
export const noFfmpegTools: MediaTools = {
  pipeline: 'ladder-v1/abr',
  checkVideo: () => Promise.reject(new Error('ffprobe must not run')),
  transcode: () => Promise.reject(new Error('ffmpeg must not run')),
  extractFrame: () => Promise.reject(new Error('ffmpeg must not run')),
};

/** Wraps a storage and records every write, to prove a failed import wrote nothing. */
export class RecordingStorage implements MediaStorage {
  readonly puts: string[] = [];
  readonly deletes: string[] = [];
  constructor(private readonly inner: MediaStorage) {}

  put(path: string, bytes: Buffer, contentType: string): Promise<void> {
    this.puts.push(path);
    return this.inner.put(path, bytes, contentType);
  }

  get(path: string): Promise<MediaObject | null> {
    return this.inner.get(path);
  }

  delete(path: string): Promise<void> {
    this.deletes.push(path);
    return this.inner.delete(path);
  }

  reset(): void {
    this.puts.length = 0;
    this.deletes.length = 0;
  }
}

export async function readAll(media: MediaStorage, path: string): Promise<Buffer | null> {
  const object = await media.get(path);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
