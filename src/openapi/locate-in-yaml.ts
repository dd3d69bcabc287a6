/**
 * Where a JSON pointer's node starts in block-style YAML, found by reading
 * lines and indentation instead of building the YAML parser's document (for
 * a large description that took seconds and hundreds of megabytes, only to
 * place a warning). It answers like the parser's lookup: a map entry is found
 * at its key, a list item at its value. Anything it is not sure of (flow
 * collections, complex keys, tabs, a segment it cannot see) gives
 * `undefined`, and the caller asks the full parser instead.
 */
import { fromPointer } from './json-pointer.ts';
import type { SourcePosition } from './spec-problem.ts';

/** A line of content, or what follows a list dash (which YAML treats as a more-indented line). */
interface Piece {
  line: number;
  /** Zero-based column where the content starts. */
  indent: number;
  text: string;
}

/** A locator for `source`: splits it into lines on first use, once, however many problems it places. */
export function blockYamlLocator(source: string): (pointer: string) => SourcePosition | undefined {
  let lines: readonly string[] | undefined;
  return (pointer) => {
    lines ??= source.split('\n');
    return locateInLines(lines, pointer);
  };
}

const isDash = (text: string) => text === '-' || text.startsWith('- ');

function locateInLines(lines: readonly string[], pointer: string): SourcePosition | undefined {
  const segments = fromPointer(pointer);
  let lineIndex = 0;
  /** A dash's remainder, read before the next line. */
  let pending: Piece | undefined;

  const next = (): Piece | undefined => {
    if (pending) {
      const piece = pending;
      pending = undefined;
      return piece;
    }
    while (lineIndex < lines.length) {
      const raw = (lines[lineIndex] ?? '').replace(/\r$/, '');
      lineIndex++;
      const text = raw.trimStart();
      if (text === '' || text.startsWith('#')) continue;
      if (lineIndex === 1 && (text.startsWith('%') || text === '---')) continue;
      if (raw.slice(0, raw.length - text.length).includes('\t')) return undefined;
      return { line: lineIndex, indent: raw.length - text.length, text };
    }
    return undefined;
  };
  const peek = (): Piece | undefined => {
    const savedLine = lineIndex;
    const savedPending = pending;
    const piece = next();
    lineIndex = savedLine;
    pending = savedPending;
    return piece;
  };
  /** Splits `- rest` into the dash and its rest, queued as the next piece. */
  const enterItem = (piece: Piece): Piece => {
    const rest = piece.text.slice(1);
    const content = rest.trimStart();
    if (content !== '' && !content.startsWith('#')) {
      pending = { line: piece.line, indent: piece.indent + 1 + (rest.length - content.length), text: content };
    }
    return piece;
  };

  let current = next();
  if (!current) return undefined;
  let found: Piece = current;
  // The node being searched: its children are pieces indented more than `parentIndent`
  // (or, for a list under a map key, dashes at the key's own indent).
  let parentIndent = -1;
  let allowDashAtParent = false;
  for (const segment of segments) {
    const first = current;
    if (!first) return undefined;
    const isList = isDash(first.text);
    const childIndent = first.indent;
    if (childIndent < parentIndent || (childIndent === parentIndent && !(isList && allowDashAtParent)))
      return undefined;
    let piece: Piece | undefined = first;
    let index = 0;
    let match: Piece | undefined;
    while (piece && piece.indent >= childIndent) {
      if (piece.indent === childIndent) {
        if (isList) {
          if (!isDash(piece.text)) return undefined;
          if (String(index) === segment) {
            match = enterItem(piece);
            break;
          }
          index++;
        } else {
          const key = mapKey(piece.text);
          if (key === undefined) return undefined;
          if (key === segment) {
            match = piece;
            break;
          }
        }
      }
      piece = next();
    }
    if (!match) return undefined;
    if (isList) {
      // The item's value: on the dash's line, else on the lines below it.
      const value = pending ?? peek();
      if (!value || (pending === undefined && value.indent <= match.indent)) return undefined;
      found = value;
      parentIndent = match.indent;
      allowDashAtParent = false;
      current = next();
    } else {
      found = match;
      const afterColon = match.text.slice(match.text.indexOf(':') + 1).trim();
      parentIndent = match.indent;
      allowDashAtParent = true;
      // A value on the key's own line (a scalar, a block scalar's indicator, a flow collection) has
      // nothing below it to descend into.
      current = afterColon === '' || afterColon.startsWith('#') ? next() : undefined;
    }
  }
  return { line: found.line, column: found.indent + 1 };
}

/** The key of a `key: value` piece (plain, single- or double-quoted), or undefined when it is not one. */
function mapKey(text: string): string | undefined {
  if (text.startsWith('"')) {
    const end = /^"((?:[^"\\]|\\.)*)"\s*:(\s|$)/.exec(text);
    if (!end) return undefined;
    try {
      return JSON.parse(`"${end[1]}"`) as string;
    } catch {
      return undefined;
    }
  }
  if (text.startsWith("'")) {
    const end = /^'((?:[^']|'')*)'\s*:(\s|$)/.exec(text);
    return end?.[1]?.replaceAll("''", "'");
  }
  if (/^[[{?&*!|>@`-]/.test(text)) return undefined;
  const plain = /^([^#]*?)\s*:(\s|$)/.exec(text);
  return plain?.[1];
}
