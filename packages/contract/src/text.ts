import { z } from 'zod';

/**
 * C0 control characters and DEL. Nothing a person types contains them; a NUL byte cannot even be
 * stored in a PostgreSQL text column (the insert fails), so they are refused at the schema as
 * invalid input instead of reaching the database.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** The same, but a line break is allowed (multi-line comments). */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;

export const CONTROL_CHARS_MESSAGE = 'has control characters';

/** A string from a client: no control characters. Chain `.min`, `.max`, `.trim` as usual. */
export function inputString() {
  return z.string().refine((s) => !CONTROL_CHARS.test(s), CONTROL_CHARS_MESSAGE);
}

/** A multi-line string from a client: line breaks allowed, other control characters not. */
export function inputMultiline() {
  return z.string().refine((s) => !CONTROL_CHARS_BUT_NEWLINE.test(s), CONTROL_CHARS_MESSAGE);
}
