import { parseCueLines, splitLines } from './cue-parser.js';
import { SubtitleError, type Cue } from './subtitle-cue.js';

const HEADER = /^WEBVTT(?:[ \t].*)?$/;

/**
 * Parses WebVTT text into cues, in file order. Tolerates a BOM, CRLF, missing or extra blank
 * lines, cue identifiers, omitted hours (`mm:ss.ttt`), `,` before the milliseconds, and cue
 * settings after the timing (ignored). NOTE, STYLE and REGION blocks are skipped. Cue text has its
 * character references (`&amp;`, `&lt;` …) decoded; tags such as `<i>` are kept as written.
 * @throws SubtitleError with the offending line (missing header, malformed/negative timestamp,
 *   end ≤ start, no cues).
 */
export function parseVtt(text: string): Cue[] {
  const lines = splitLines(text);
  if (!HEADER.test(lines[0]!)) throw new SubtitleError('missing "WEBVTT" header', 1);
  // The header block runs to the first blank line; if that line is missing, cues start at the
  // first timing line (with the line above it as the cue's identifier).
  let from = 1;
  while (from < lines.length && lines[from]!.trim() !== '') {
    if (lines[from]!.includes('-->')) {
      from = Math.max(1, from - 1);
      break;
    }
    from++;
  }
  return parseCueLines(lines, from, 'vtt');
}
