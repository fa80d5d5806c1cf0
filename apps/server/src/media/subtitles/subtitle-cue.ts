/** One subtitle cue: times in whole milliseconds from the start of the episode, end > start. */
export type Cue = { startMs: number; endMs: number; text: string };

/** Unparsable or invalid subtitle source; `line` is the 1-based line of the input at fault. */
export class SubtitleError extends Error {
  override readonly name = 'SubtitleError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}
