/**
 * Control characters (C0 but tab and newlines, DEL, C1) have no glyph: in a page they show as nothing or as a box,
 * and XML 1.0 cannot hold most of them at all, so a title carrying one makes the changelog's Atom feed unreadable.
 */
import type { SpecProblem } from './spec-problem.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** The text without its control characters, and a warning naming the first one when there were any. */
export function withoutControlCharacters(
  text: string,
  pointer: string,
  field: string,
): { text: string; problem?: SpecProblem } {
  const found = text.match(controlCharacters);
  if (!found) return { text };
  const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return {
    text: text.replace(controlCharacters, ''),
    problem: {
      severity: 'warning',
      pointer,
      message: `\`${field}\` holds ${found.length === 1 ? 'the control character' : `${found.length} control characters, the first`} ${code}, which no page can show; ${found.length === 1 ? 'it is' : 'they are'} left out.`,
      hint: 'Remove it from the description (an editor may show it as a box, or not at all).',
    },
  };
}

// The explicit embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI).
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * The text as a bidi isolate (FSI … PDI) when it carries explicit bidi controls: an override left open in a name
 * (U+202E) otherwise reverses what follows it on the line, so "Get a pet" beside it could read as something else.
 * The PDI closes whatever the text left open; text without such controls is returned as it is.
 */
export function isolateBidi(text: string): string {
  return bidiControls.test(text) ? `\u2068${text}\u2069` : text;
}
