import { z } from 'zod';

/**
 * What text a request may carry (issue 10, section 7). The server applies `textProblem` to every string and
 * object key of every request before its schema runs; a schema marks the few fields that may span lines with
 * `multilineText`, and names shown to other people also refuse invisible characters (`displayName`).
 */

export const TEXT_MESSAGES = {
  control: 'Must not contain control characters',
  unicode: 'Must be valid Unicode text',
  lineBreak: 'Must be a single line, without line breaks or tabs',
  bidi: 'Must not contain bidirectional text controls',
  invisible: 'Must not contain invisible characters such as zero-width spaces',
} as const;

/** C0 and C1 controls and DEL (Unicode category Cc), except the tab and line breaks multi-line text needs. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** A UTF-16 surrogate without its pair: no character at all, and PostgreSQL would store U+FFFD instead. */
const LONE_SURROGATE = /\p{Cs}/u;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder how text is displayed. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Zero-width space, word joiner, invisible operators and the byte-order mark; ZWJ/ZWNJ stay, scripts need them. */
const INVISIBLE = /[\u200B\u2060-\u2064\uFEFF]/;

/** The key that marks a schema as multi-line text, in the zod metadata and so in the OpenAPI document. */
export const MULTILINE_KEY = 'x-multiline';

/** Why `value` may not travel in a request, or null; line breaks and tabs only where `multiline`. */
export function textProblem(value: string, multiline: boolean): string | null {
  if (CONTROL.test(value)) return TEXT_MESSAGES.control;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.unicode;
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return TEXT_MESSAGES.lineBreak;
  if (BIDI_CONTROL.test(value)) return TEXT_MESSAGES.bidi;
  return null;
}

/** Marks a field as text that may span lines (tabs, LF, CR): every other string is a single line. */
export function multilineText<Schema extends z.ZodType>(schema: Schema): Schema {
  return schema.meta({ [MULTILINE_KEY]: true });
}

/**
 * A name other people see (a person's, an organization's): a single line of visible characters, so no name
 * can pass for another one that looks the same.
 */
export function displayName(schema: z.ZodString) {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, false) ?? (INVISIBLE.test(value) ? TEXT_MESSAGES.invisible : null);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
