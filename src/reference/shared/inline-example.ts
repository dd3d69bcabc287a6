/**
 * A parameter's or header's example as its table row (and the twin) shows it, on one line: text as written,
 * anything else as JSON, cut to `inlineExampleAtMost` characters. It stands in a table cell, and a description
 * may give an example of any size.
 */

/** Long enough for a token or a URL written whole. */
export const inlineExampleAtMost = 500;

export function inlineExample(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length <= inlineExampleAtMost ? text : `${text.slice(0, inlineExampleAtMost)}…`;
}
