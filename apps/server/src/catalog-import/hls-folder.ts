import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { kindOf } from '../lib/file-kind.js';
import { HLS_LADDER, MASTER_PLAYLIST } from '../media/transcode/hls-ladder.js';
import { isSafeMediaPath } from '../media/storage/media-paths.js';

export const DOWNLOAD_FILE = 'download.mp4';

/** A complete episode folder: what gets uploaded, relative to the folder, and its length. */
export interface HlsFolder {
  files: string[];
  durationS: number;
}

/** URIs of a playlist: every line that is neither blank nor a tag. */
function urisOf(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function durationOf(playlist: string): number {
  return [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/**
 * Checks a prebuilt (or freshly transcoded) episode folder: master.m3u8, one media playlist per
 * ladder rendition with every segment it lists, and download.mp4. Reads playlists only, no ffmpeg.
 * Resolves to the folder, or to the list of what is missing or wrong.
 */
export async function inspectHlsFolder(root: string): Promise<HlsFolder | { problems: string[] }> {
  const problems: string[] = [];
  const files: string[] = [];
  let durationS = 0;

  if ((await kindOf(join(root, MASTER_PLAYLIST))) === 'file') files.push(MASTER_PLAYLIST);
  else problems.push(`${MASTER_PLAYLIST} is missing`);

  for (const rendition of HLS_LADDER) {
    const playlistPath = posix.join(rendition.name, 'index.m3u8');
    let playlist: string;
    try {
      playlist = await readFile(join(root, playlistPath), 'utf8');
    } catch {
      problems.push(`${playlistPath} is missing`);
      continue;
    }
    files.push(playlistPath);
    const segments = urisOf(playlist);
    if (segments.length === 0) problems.push(`${playlistPath} lists no segments`);
    for (const uri of segments) {
      const segment = posix.join(rendition.name, uri);
      // Only plain file names we could serve (media-paths.ts: no `..`, lowercase safe characters).
      if (uri.includes('/') || !isSafeMediaPath(`episodes/x/1/${uri}`))
        problems.push(`${playlistPath} lists an unsupported segment name "${uri}"`);
      else if ((await kindOf(join(root, segment))) !== 'file') problems.push(`segment ${segment} is missing`);
      else files.push(segment);
    }
    if (rendition === HLS_LADDER[0]) durationS = durationOf(playlist);
  }

  if ((await kindOf(join(root, DOWNLOAD_FILE))) === 'file') files.push(DOWNLOAD_FILE);
  else problems.push(`${DOWNLOAD_FILE} is missing`);
  return problems.length > 0 ? { problems } : { files, durationS };
}
