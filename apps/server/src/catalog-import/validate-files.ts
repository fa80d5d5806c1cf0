import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { LANGUAGES } from '@cliffhanger/contract';
import sharp from 'sharp';
import { convertToWebVtt } from '../media/subtitles/to-webvtt.js';
import { sha256File, sha256Folder } from './file-hash.js';
import { kindOf } from '../lib/file-kind.js';
import { inspectHlsFolder } from './hls-folder.js';
import { checkSourceVideo } from './import-episode.js';
import type { ImportProblem } from './import-problem.js';
import type { EpisodeInput, PlannedDrama, PlannedEpisode, PlannedImage, PlannedSubtitle } from './import-plan.js';
import type { Manifest, ManifestDrama, ManifestEpisode } from './manifest.js';
import type { MediaTools } from './media-tools.js';
import { ARTWORK_MAX_INPUT_PIXELS } from './prepare-artwork.js';

type Report = (problem: ImportProblem) => void;

async function checkImage(file: string, report: Report): Promise<PlannedImage | undefined> {
  if ((await kindOf(file)) !== 'file') {
    report({ file, message: 'file not found' });
    return undefined;
  }
  try {
    const meta = await sharp(file, { limitInputPixels: ARTWORK_MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
  } catch (error) {
    report({ file, message: `not a readable image (${(error as Error).message})` });
    return undefined;
  }
  return { file, sha256: await sha256File(file) };
}

async function checkSubtitle(file: string, report: Report): Promise<PlannedSubtitle | undefined> {
  const ext = extname(file).toLowerCase();
  if (ext !== '.srt' && ext !== '.vtt') {
    report({ file, message: 'subtitles must be .srt or .vtt' });
    return undefined;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    report({ file, message: 'file not found' });
    return undefined;
  }
  try {
    return { file, vtt: convertToWebVtt(text, ext === '.srt' ? 'srt' : 'vtt') };
  } catch (error) {
    report({ file, message: `subtitles do not parse: ${(error as Error).message}` });
    return undefined;
  }
}

async function checkInput(
  episode: ManifestEpisode,
  tools: MediaTools,
  report: Report,
): Promise<EpisodeInput | undefined> {
  if (episode.source !== undefined) {
    const file = episode.source;
    const checked = await checkSourceVideo(file, tools);
    if ('problem' in checked) {
      report({ file, message: checked.problem });
      return undefined;
    }
    return checked.input;
  }
  const dir = episode.hls ?? '';
  if ((await kindOf(dir)) !== 'dir') {
    report({ file: dir, message: 'prebuilt HLS folder not found' });
    return undefined;
  }
  const folder = await inspectHlsFolder(dir);
  if ('problems' in folder) {
    for (const message of folder.problems) report({ file: dir, message: `prebuilt HLS folder: ${message}` });
    return undefined;
  }
  return { kind: 'hls', dir, sha256: await sha256Folder(dir, folder.files), folder };
}

async function checkEpisode(
  episode: ManifestEpisode,
  tools: MediaTools,
  report: Report,
): Promise<PlannedEpisode | undefined> {
  const reportHere: Report = (p) => report({ episode: episode.number, ...p });
  const input = await checkInput(episode, tools, reportHere);
  const subtitles: PlannedEpisode['subtitles'] = {};
  for (const lang of LANGUAGES) {
    const file = episode.subtitles[lang];
    if (file === undefined) continue;
    const subtitle = await checkSubtitle(file, reportHere);
    if (subtitle) subtitles[lang] = subtitle;
  }
  return input ? { number: episode.number, title: episode.title, input, subtitles } : undefined;
}

async function checkDrama(drama: ManifestDrama, tools: MediaTools, problems: ImportProblem[]): Promise<PlannedDrama> {
  const report: Report = (p) => problems.push({ slug: drama.slug, ...p });
  const poster = drama.poster !== undefined ? await checkImage(drama.poster, report) : undefined;
  const banner = drama.banner !== undefined ? await checkImage(drama.banner, report) : undefined;
  const episodes: PlannedEpisode[] = [];
  for (const episode of [...drama.episodes].sort((a, b) => a.number - b.number)) {
    const planned = await checkEpisode(episode, tools, report);
    if (planned) episodes.push(planned);
  }
  return { drama, episodes, poster, banner };
}

/**
 * Phase 1: every file of the manifest is checked (exists, ffprobe reads a video stream, prebuilt
 * folders are complete, subtitles parse, images decode) and hashed. Nothing is written.
 * Resolves to the plan, or to every problem found.
 */
export async function validateFiles(
  manifest: Manifest,
  tools: MediaTools,
): Promise<{ plan: PlannedDrama[] } | { problems: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  const plan: PlannedDrama[] = [];
  for (const drama of manifest.dramas) plan.push(await checkDrama(drama, tools, problems));
  return problems.length > 0 ? { problems } : { plan };
}
