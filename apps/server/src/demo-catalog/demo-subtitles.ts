import type { DemoDrama, Text3 } from './demo-dramas.js';
import { CLIP_SECONDS } from './demo-render.js';

type Lang = keyof Text3;

/** "Episode 3" in each language: the first cue names the episode, since the picture has no text. */
export function episodeLabel(lang: Lang, n: number): string {
  if (lang === 'zh') return `第${n}集`;
  if (lang === 'tr') return `${n}. Bölüm`;
  return `Episode ${n}`;
}

interface DemoCue {
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * Three cues across the clip: the drama and episode title (from 0.3 s, so a player shows a cue at
 * once), then two lines of dialogue.
 */
export function cuesOf(drama: DemoDrama, n: number, lang: Lang): DemoCue[] {
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

function time(ms: number, separator: ',' | '.'): string {
  const pad = (v: number, w = 2) => String(v).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(cues: readonly DemoCue[]): string {
  return cues.map((c, i) => `${i + 1}\n${time(c.startMs, ',')} --> ${time(c.endMs, ',')}\n${c.text}\n`).join('\n');
}

export function toVtt(cues: readonly DemoCue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${time(c.startMs, '.')} --> ${time(c.endMs, '.')}\n${c.text}\n`).join('\n')}`;
}
