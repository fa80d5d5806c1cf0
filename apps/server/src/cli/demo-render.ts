import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../media/transcode/ffmpeg.js';

/**
 * ffmpeg drawings for the demo catalogue: gradient backgrounds, titles, and 9:16 clips with a
 * moving square, a running clock and a soft pulsing tone. Text goes through `textfile=` so no
 * title ever needs filter-graph escaping.
 */

export const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const FONT_REGULAR = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const CLIP_SECONDS = 10;
/** A low frame rate keeps the committed segments small (fewer, tinier frames); the ladder keeps it. */
const CLIP_FPS = 15;
const TIMEOUT_MS = 5 * 60_000;

export function assertFonts(): void {
  for (const font of [FONT_BOLD, FONT_REGULAR]) {
    if (!existsSync(font)) throw new Error(`Font ${font} not found (Debian: apt-get install fonts-dejavu-core)`);
  }
}

export interface Renderer {
  ffmpegPath: string;
  /** Scratch folder for backgrounds and text files. */
  workDir: string;
}

let textSeq = 0;

async function textFile(r: Renderer, text: string): Promise<string> {
  textSeq += 1;
  const file = join(r.workDir, `text-${textSeq}.txt`);
  await writeFile(file, text);
  return file;
}

/** Splits a title into lines of about `width` characters at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

interface TextLine {
  text: string;
  size: number;
  y: number;
  bold?: boolean;
  x?: string;
  expand?: boolean;
}

async function drawTexts(r: Renderer, lines: readonly TextLine[]): Promise<string> {
  const parts: string[] = [];
  for (const line of lines) {
    const file = await textFile(r, line.text);
    parts.push(
      `drawtext=fontfile=${line.bold ? FONT_BOLD : FONT_REGULAR}:textfile=${file}:fontsize=${line.size}:fontcolor=white` +
        `:x=${line.x ?? '(w-tw)/2'}:y=${line.y}:expansion=${line.expand ? 'normal' : 'none'}`,
    );
  }
  return parts.join(',');
}

function channel(hex: string, offset: number): number {
  return Number.parseInt(hex.slice(offset, offset + 2), 16);
}

/** geq gradient from `from` to `to`; `axis` is the blend expression in 0..1. */
function gradient(from: string, to: string, axis: string): string {
  const mix = (o: number) => `${channel(from, o)}+(${channel(to, o) - channel(from, o)})*(${axis})`;
  return `geq=r='${mix(0)}':g='${mix(2)}':b='${mix(4)}'`;
}

async function still(
  r: Renderer,
  out: string,
  size: string,
  from: string,
  to: string,
  axis: string,
  texts: readonly TextLine[],
): Promise<void> {
  const drawn = await drawTexts(r, texts);
  const filter = drawn ? `${gradient(from, to, axis)},${drawn}` : gradient(from, to, axis);
  await runFfmpeg(
    r.ffmpegPath,
    ['-f', 'lavfi', '-i', `color=black:s=${size}:d=1`, '-vf', filter, '-frames:v', '1', '-q:v', '5', out],
    {
      timeoutMs: TIMEOUT_MS,
    },
  );
}

export async function renderPoster(
  r: Renderer,
  out: string,
  title: string,
  colors: [string, string],
  tagline: string,
): Promise<void> {
  const lines = wrap(title, 14).map((text, i) => ({ text, size: 64, y: 300 + i * 84, bold: true }));
  await still(r, out, '720x960', colors[0], colors[1], '(X/W+Y/H)/2', [
    ...lines,
    { text: tagline, size: 30, y: 300 + lines.length * 84 + 40 },
    { text: 'CLIFFHANGER', size: 28, y: 880, bold: true },
  ]);
}

export async function renderBanner(
  r: Renderer,
  out: string,
  title: string,
  colors: [string, string],
  tagline: string,
): Promise<void> {
  const lines = wrap(title, 22).map((text, i) => ({ text, size: 68, y: 250 + i * 88, bold: true, x: '80' }));
  await still(r, out, '1280x720', colors[0], colors[1], 'X/W', [
    ...lines,
    { text: tagline, size: 32, y: 250 + lines.length * 88 + 30, x: '80' },
  ]);
}

export async function renderBackground(r: Renderer, out: string, colors: [string, string]): Promise<void> {
  await still(r, out, '720x1280', colors[0], colors[1], 'Y/H', []);
}

export interface ClipText {
  title: string;
  episodeLabel: string;
  toneHz: number;
}

/** A 10 s 720×1280 source clip over `background` (near-lossless; the ladder compresses it). */
export async function renderClip(r: Renderer, out: string, background: string, text: ClipText): Promise<void> {
  const titleLines = wrap(text.title, 16).map((t, i) => ({ text: t, size: 52, y: 300 + i * 68, bold: true }));
  const texts = await drawTexts(r, [
    ...titleLines,
    { text: text.episodeLabel, size: 44, y: 330 + titleLines.length * 68 },
    { text: '0:%{eif:t:d:2}', size: 34, y: 1060, expand: true },
  ]);
  const filter =
    `[0:v][1:v]overlay=x='(W-w)*t/${CLIP_SECONDS}':y=H*0.66:shortest=1,${texts},format=yuv420p[v];` +
    `[2:a]volume='if(lt(mod(t,2),0.35),0.08,0)':eval=frame[a]`;
  // prettier-ignore
  await runFfmpeg(
    r.ffmpegPath,
    [
      '-loop', '1', '-framerate', String(CLIP_FPS), '-t', String(CLIP_SECONDS), '-i', background,
      '-f', 'lavfi', '-i', `color=c=white:s=96x96:r=${CLIP_FPS}:d=${CLIP_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=${text.toneHz}:sample_rate=48000:duration=${CLIP_SECONDS}`,
      '-filter_complex', filter,
      '-map', '[v]', '-map', '[a]',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12',
      '-c:a', 'aac', '-b:a', '128k',
      '-t', String(CLIP_SECONDS),
      out,
    ],
    { timeoutMs: TIMEOUT_MS },
  );
}
