import { join } from 'node:path';
import { probe } from '../media/transcode/ffmpeg.js';
import { remuxToMp4 } from '../media/transcode/remux-download.js';
import { extractPoster, transcodeToHls, type TranscodeOptions } from '../media/transcode/transcode-episode.js';
import { DOWNLOAD_FILE } from './hls-folder.js';

/**
 * The ffmpeg work an import needs, behind one interface so tests can count (or replace) the runs.
 * Importing prebuilt HLS folders with an image poster calls none of these: a fresh clone needs no ffmpeg.
 */
export interface MediaTools {
  /** Names the transcode settings; part of an episode's version key, so changing them re-transcodes. */
  readonly pipeline: string;
  /** Resolves to a reason when `file` is not a video ffprobe can read; undefined when it is. */
  checkVideo(file: string): Promise<string | undefined>;
  /**
   * An episode folder into outDir: the HLS ladder (master.m3u8, hd/, sd/) and download.mp4 from
   * the SD playlist by stream copy; resolves to the duration in seconds. `onProgress` is told the
   * share encoded so far (0–1) while the ladder is made.
   */
  transcode(source: string, outDir: string, onProgress?: (fraction: number) => void): Promise<number>;
  /** A JPEG frame (720×960) of a video or HLS playlist, for the default poster. */
  extractFrame(video: string, outFile: string): Promise<void>;
}

export type FfmpegToolsOptions = Pick<TranscodeOptions, 'ffmpegPath' | 'ffprobePath' | 'preset' | 'rate'>;

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // ffprobe's complaint is on the last line ("Invalid data found when processing input").
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length > 1 ? `${lines[0]} — ${lines[lines.length - 1]}` : (lines[0] ?? 'unreadable');
}

export function createFfmpegTools(options: FfmpegToolsOptions): MediaTools {
  const { ffmpegPath, ffprobePath } = options;
  return {
    pipeline: `ladder-v1/${options.rate ?? 'abr'}`,
    async checkVideo(file) {
      try {
        const info = await probe(ffprobePath, file);
        const video = info.streams.find(
          (s) => s.codec_type === 'video' && s.width !== undefined && s.height !== undefined,
        );
        return video ? undefined : 'has no video stream';
      } catch (error) {
        return `ffprobe cannot read it: ${reason(error)}`;
      }
    },
    async transcode(source, outDir, onProgress) {
      const durationS = await transcodeToHls({ source, outDir, ...options, onProgress });
      await remuxToMp4({
        playlist: join(outDir, 'sd', 'index.m3u8'),
        outFile: join(outDir, DOWNLOAD_FILE),
        ffmpegPath,
      });
      return durationS;
    },
    extractFrame(video, outFile) {
      return extractPoster({ source: video, outFile, atSeconds: 1, ffmpegPath, ffprobePath });
    },
  };
}
