import { SubtitleError, type Cue } from './subtitle-cue.js';

/**
 * WebVTT allows `mm:ss.ttt` (SRT always carries hours), has NOTE / STYLE / REGION blocks (skipped
 * up to the next blank line) and entity-encodes its text (`&amp;` …); SRT text is taken literally.
 */
type Dialect = 'srt' | 'vtt';

/** `[hh:]mm:ss.ttt` (or `,ttt`), minutes and seconds 00-59: anything else is malformed. */
const TIMESTAMP = /^(-)?(?:(\d+):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/;
const COUNTER = /^\d+$/;
const SKIPPED_BLOCK = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;
const VTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/** Splits into lines after dropping a BOM and normalising CRLF / CR line endings. */
function splitLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function parseTimestamp(raw: string, line: number, dialect: Dialect): number {
  const match = TIMESTAMP.exec(raw);
  if (!match) throw new SubtitleError(`malformed timestamp "${raw}"`, line);
  const [, minus, hours, minutes, seconds, millis] = match;
  if (minus) throw new SubtitleError(`negative timestamp "${raw}"`, line);
  if (hours === undefined && dialect === 'srt') {
    throw new SubtitleError(`malformed timestamp "${raw}" (hours are required)`, line);
  }
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}

function isTiming(line: string): boolean {
  return line.includes('-->');
}

function parseTiming(text: string, line: number, dialect: Dialect): { startMs: number; endMs: number } {
  const match = TIMING.exec(text.trim());
  if (!match) throw new SubtitleError(`malformed cue timing "${text.trim()}"`, line);
  const startMs = parseTimestamp(match[1]!, line, dialect);
  const endMs = parseTimestamp(match[2]!, line, dialect);
  if (endMs <= startMs) throw new SubtitleError(`cue ends (${match[2]}) before it starts (${match[1]})`, line);
  return { startMs, endMs };
}

/**
 * Parses cue blocks from `lines`, starting at index `from`. Tolerates missing and extra blank
 * lines: a timing line always starts a new cue, and a counter directly above it is dropped.
 */
function parseCueLines(lines: readonly string[], from: number, dialect: Dialect): Cue[] {
  const cues: Cue[] = [];
  let current: { startMs: number; endMs: number; text: string[] } | null = null;
  let state: 'between' | 'text' | 'skip' = 'between';

  const finish = () => {
    if (current) {
      const text = current.text.join('\n');
      cues.push({
        startMs: current.startMs,
        endMs: current.endMs,
        text: dialect === 'vtt' ? decodeEntities(text) : text,
      });
    }
    current = null;
  };

  for (let i = from; i < lines.length; i++) {
    const raw = lines[i]!;
    const lineNo = i + 1;
    const trimmed = raw.trim();
    const nextIsTiming = i + 1 < lines.length && isTiming(lines[i + 1]!);

    if (trimmed === '') {
      if (state === 'text') finish();
      state = 'between';
      continue;
    }
    if (state === 'skip') continue;
    if (isTiming(raw)) {
      finish();
      current = { ...parseTiming(raw, lineNo, dialect), text: [] };
      state = 'text';
      continue;
    }
    if (state === 'text') {
      // A counter glued to the next cue (blank line missing) is not text of this cue.
      if (!(COUNTER.test(trimmed) && nextIsTiming)) current!.text.push(raw.trimEnd());
      continue;
    }
    // Between cues: a NOTE/STYLE/REGION block, a cue identifier / counter, or stray text.
    if (dialect === 'vtt' && SKIPPED_BLOCK.test(raw)) {
      state = 'skip';
      continue;
    }
    // A counter may also be separated from its timing line by stray blank lines.
    if (nextIsTiming || COUNTER.test(trimmed)) continue;
    throw new SubtitleError(`expected a cue timing line ("00:00:01.000 --> 00:00:02.000"), got "${trimmed}"`, lineNo);
  }
  finish();

  if (cues.length === 0) throw new SubtitleError('no cues found', Math.max(1, from + 1));
  return cues;
}

/**
 * Parses SubRip (SRT) text into cues, in file order. Tolerates a BOM, CRLF, missing or extra
 * blank lines, numeric counters, and `,` or `.` before the milliseconds.
 * @throws SubtitleError with the offending line (malformed/negative timestamp, end ≤ start, no cues).
 */
export function parseSrt(text: string): Cue[] {
  return parseCueLines(splitLines(text), 0, 'srt');
}

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
  if (!VTT_HEADER.test(lines[0]!)) throw new SubtitleError('missing "WEBVTT" header', 1);
  // The header block runs to the first blank line; if that line is missing, cues start at the
  // first timing line (with the line above it as the cue's identifier).
  let from = 1;
  while (from < lines.length && lines[from]!.trim() !== '') {
    if (isTiming(lines[from]!)) {
      from = Math.max(1, from - 1);
      break;
    }
    from++;
  }
  return parseCueLines(lines, from, 'vtt');
}
