import { parseCueLines, splitLines } from './cue-parser.js';
import type { Cue } from './subtitle-cue.js';

/**
 * Parses SubRip (SRT) text into cues, in file order. Tolerates a BOM, CRLF, missing or extra
 * blank lines, numeric counters, and `,` or `.` before the milliseconds.
 * @throws SubtitleError with the offending line (malformed/negative timestamp, end ≤ start, no cues).
 */
export function parseSrt(text: string): Cue[] {
  return parseCueLines(splitLines(text), 0, 'srt');
}
