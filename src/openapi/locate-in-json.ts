/**
 * Where a JSON pointer's node starts in a JSON description, found by
 * scanning the text along the pointer's path. Without it, placing a warning
 * in a JSON file meant building the YAML parser's whole document: for a
 * description of GitHub's size, seconds and a heap several times the file
 * to place a few warnings, which set the build's peak memory. It answers like the parser's
 * lookup: a member is found at its key, an array item at its value, and a
 * path that stops early at the deepest node found. Text that is not plain
 * JSON where the path goes gives `undefined`, and the caller asks the full
 * parser.
 */
import { fromPointer } from './json-pointer.ts';
import type { SourcePosition } from './spec-problem.ts';

/** Whether `source` is a JSON document (an object) rather than YAML. */
export function looksLikeJson(source: string): boolean {
  return /^[ \t\r\n]*\{/.test(source);
}

export function jsonLocator(source: string): (pointer: string) => SourcePosition | undefined {
  return (pointer) => {
    const at = offsetOf(source, fromPointer(pointer));
    return at === undefined ? undefined : positionAt(source, at);
  };
}

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t';

function skipSpace(source: string, at: number): number {
  let i = at;
  while (isSpace(source[i])) i++;
  return i;
}

/** The end (just past the closing quote) of the string starting at `at`, or -1. */
function skipString(source: string, at: number): number {
  let i = at + 1;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return -1;
}

/** The end of the value starting at `at` (a string, object, array or scalar), or -1. */
function skipValue(source: string, at: number): number {
  const first = source[at];
  if (first === '"') return skipString(source, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    let i = at;
    while (i < source.length) {
      const ch = source[i];
      if (ch === '"') {
        i = skipString(source, i);
        if (i === -1) return -1;
        continue;
      }
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  let i = at;
  while (i < source.length && !isSpace(source[i]) && source[i] !== ',' && source[i] !== '}' && source[i] !== ']') i++;
  return i === at ? -1 : i;
}

/** The offset the parser's lookup would give for `segments`, or undefined when the text is not what JSON would be. */
function offsetOf(source: string, segments: readonly string[]): number | undefined {
  let value = skipSpace(source, 0);
  let found = value;
  for (const segment of segments) {
    const opening = source[value];
    if (opening === '{') {
      const member = memberNamed(source, value, segment);
      if (member === undefined) return undefined;
      if (member === null) return found;
      found = member.key;
      value = member.value;
    } else if (opening === '[') {
      const item = itemAt(source, value, segment);
      if (item === undefined) return undefined;
      if (item === null) return found;
      found = item;
      value = item;
    } else {
      return found;
    }
  }
  return found;
}

/** The member `name` of the object at `at`: its key's and value's offsets; null if absent; undefined if not JSON. */
function memberNamed(source: string, at: number, name: string): { key: number; value: number } | null | undefined {
  let i = skipSpace(source, at + 1);
  if (source[i] === '}') return null;
  while (i < source.length) {
    if (source[i] !== '"') return undefined;
    const keyEnd = skipString(source, i);
    if (keyEnd === -1) return undefined;
    let key: unknown;
    try {
      key = JSON.parse(source.slice(i, keyEnd));
    } catch {
      return undefined;
    }
    const colon = skipSpace(source, keyEnd);
    if (source[colon] !== ':') return undefined;
    const value = skipSpace(source, colon + 1);
    if (key === name) return { key: i, value };
    const next = afterEntry(source, value, '}');
    if (next === null || next === undefined) return next;
    i = next;
  }
  return undefined;
}

/** The offset of item `segment` of the array at `at`; null if there is no such item; undefined if not JSON. */
function itemAt(source: string, at: number, segment: string): number | null | undefined {
  // Read as the parser's lookup reads it (`items[Number(segment)]`).
  const wanted = Number(segment);
  if (!Number.isInteger(wanted) || wanted < 0) return null;
  let i = skipSpace(source, at + 1);
  if (source[i] === ']') return null;
  for (let index = 0; i < source.length; index++) {
    if (index === wanted) return i;
    const next = afterEntry(source, i, ']');
    if (next === null || next === undefined) return next;
    i = next;
  }
  return undefined;
}

/** Past the value at `at`: where the next entry starts, null at the `close` that ends the list, undefined if not JSON. */
function afterEntry(source: string, at: number, close: '}' | ']'): number | null | undefined {
  const end = skipValue(source, at);
  if (end === -1) return undefined;
  const next = skipSpace(source, end);
  if (source[next] === close) return null;
  if (source[next] !== ',') return undefined;
  return skipSpace(source, next + 1);
}

/** 1-based line and column of an offset, as the YAML parser counts them. */
function positionAt(source: string, offset: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
