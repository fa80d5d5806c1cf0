import type { Language } from '@cliffhanger/contract';
import type { Cue } from '../media/subtitles/subtitle-cue.js';
import { formatVttTimestamp } from '../media/subtitles/to-webvtt.js';
import type { DemoDrama } from './demo-dramas.js';
import { CLIP_SECONDS } from './demo-render.js';

/** "Episode 3" in each language: the first cue names the episode, since the picture has no text. */
function episodeLabel(lang: Language, n: number): string {
  if (lang === 'zh') return `第${n}集`;
  if (lang === 'tr') return `${n}. Bölüm`;
  return `Episode ${n}`;
}

/**
 * Three cues across the clip: the drama and episode title (from 0.3 s, so a player shows a cue at
 * once), then two lines of dialogue.
 */
export function cuesOf(drama: DemoDrama, n: number, lang: Language): Cue[] {
  const title = drama.episodes[n - 1]?.[lang] ?? '';
  const line = (i: number) => drama.lines[i % drama.lines.length]?.[lang] ?? '';
  const third = Math.floor((CLIP_SECONDS * 1000) / 3);
  const sep = lang === 'zh' ? '·' : ' · ';
  return [
    { startMs: 300, endMs: third - 200, text: `${drama.title[lang]}\n${episodeLabel(lang, n)}${sep}${title}` },
    { startMs: third, endMs: 2 * third - 200, text: line(n - 1) },
    { startMs: 2 * third, endMs: CLIP_SECONDS * 1000 - 300, text: line(n) },
  ];
}

/** SubRip writes the milliseconds after a comma. */
function srtTime(ms: number): string {
  return formatVttTimestamp(ms).replace('.', ',');
}

export function toSrt(cues: readonly Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${srtTime(c.startMs)} --> ${srtTime(c.endMs)}\n${c.text}\n`).join('\n');
}
