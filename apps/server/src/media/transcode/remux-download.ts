import { resolve } from 'node:path';
import { ffmpegToFile } from './transcode-episode.js';

export interface RemuxOptions {
  /** An HLS media playlist (the SD rendition's index.m3u8) whose segments sit next to it. */
  playlist: string;
  outFile: string;
  ffmpegPath: string;
}

/**
 * Joins an HLS rendition into one MP4 for offline download: stream copy (no re-encode, so it is
 * fast and bit-identical to what streams) with the index moved to the front (`+faststart`) so a
 * browser can start playing before the whole file has arrived. Written to a temp file and renamed.
 */
export async function remuxToMp4(opts: RemuxOptions): Promise<void> {
  await ffmpegToFile(
    opts.ffmpegPath,
    resolve(opts.outFile),
    (tmp) => [
      '-i',
      resolve(opts.playlist),
      '-map',
      '0',
      '-c',
      'copy',
      '-bsf:a',
      'aac_adtstoasc',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      tmp,
    ],
    { timeoutMs: 10 * 60_000, failure: `Making an MP4 from ${opts.playlist} failed` },
  );
}
