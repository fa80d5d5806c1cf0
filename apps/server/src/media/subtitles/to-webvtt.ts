import { parseSrt, parseVtt } from './cue-parser.js';
import type { Cue } from './subtitle-cue.js';

const ALLOWED_TAG = /^<(\/?)([biu])>$/i;
/** Markup-looking tokens: element tags (`<font color=…>`, `</script>`) and VTT timestamp tags. */
const TAG = /<\/?[A-Za-z][^<>]*>|<\d[\d:.]*>/g;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

export function formatVttTimestamp(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(ms % 1000, 3)}`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Makes one line of cue text safe for a player: only `<b>`, `<i>`, `<u>` and their closings
 * survive as markup; any other tag is removed (its inner text kept) and every other `&`, `<`, `>`
 * is escaped, so the output can never carry markup beyond those three.
 */
export function sanitizeCueLine(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(TAG)) {
    out += escapeText(line.slice(last, match.index));
    const allowed = ALLOWED_TAG.exec(match[0]);
    if (allowed) out += `<${allowed[1]}${allowed[2]!.toLowerCase()}>`;
    last = match.index + match[0].length;
  }
  return out + escapeText(line.slice(last));
}

function assertCue(cue: Cue, index: number): void {
  const ok =
    Number.isSafeInteger(cue.startMs) && Number.isSafeInteger(cue.endMs) && cue.startMs >= 0 && cue.endMs > cue.startMs;
  if (!ok) throw new RangeError(`cue ${index}: invalid times ${cue.startMs} → ${cue.endMs}`);
}

/**
 * Serialises cues as WebVTT: `WEBVTT` header, cues sorted by start (then end; stable otherwise),
 * `HH:MM:SS.mmm --> HH:MM:SS.mmm`, sanitised text (see sanitizeCueLine). Blank text lines are
 * dropped, since a blank line would end the cue.
 * @throws RangeError for a cue whose times are not whole, non-negative milliseconds with end > start.
 */
export function cuesToWebVtt(cues: readonly Cue[]): string {
  cues.forEach(assertCue);
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const blocks = sorted.map((cue) => {
    const text = cue.text
      .split(/\r\n?|\n/)
      .map(sanitizeCueLine)
      .filter((line) => line.trim() !== '');
    return [`${formatVttTimestamp(cue.startMs)} --> ${formatVttTimestamp(cue.endMs)}`, ...text].join('\n');
  });
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

/** Parses an SRT or WebVTT source and returns sanitised WebVTT. @throws SubtitleError */
export function convertToWebVtt(text: string, format: 'srt' | 'vtt'): string {
  return cuesToWebVtt(format === 'srt' ? parseSrt(text) : parseVtt(text));
}
