/**
 * Text → plain data, and a way back from a JSON pointer to where a value
 * came from. A well-formed file is read by js-yaml (fast, light); anything
 * else — and any position js-yaml's reading cannot give — goes to `yaml`,
 * which keeps positions, reports duplicate keys and refuses alias bombs. We
 * add limits on size and nesting so a hostile file is refused in
 * milliseconds with bounded memory.
 */
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  type Node,
  parseDocument,
  type YAMLError,
} from 'yaml';
import { fromPointer } from './json-pointer.ts';
import { jsonLocator, looksLikeJson } from './locate-in-json.ts';
import { blockYamlLocator } from './locate-in-yaml.ts';
import type { SourcePosition, SpecProblem } from './spec-problem.ts';

/** Limits that keep hostile input cheap to refuse. */
export interface ParseLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Deepest accepted nesting of maps and lists. */
  maxDepth: number;
  /** Most aliases (`*name`) resolved; the YAML library's guard against alias bombs. */
  maxAliases: number;
}

/** Raises (or lowers) the size limit, in MB (MiB), for a docs team whose description is larger than 32 MB. */
export const maxSizeVariable = 'PETSTORE_MAX_SPEC_MB';

/** The size limit `$PETSTORE_MAX_SPEC_MB` sets, in bytes; undefined when unset; a clear error when it is no size. */
export function sizeLimitFromEnv(env: Record<string, string | undefined> = process.env): number | undefined {
  const raw = env[maxSizeVariable]?.trim();
  if (!raw) return undefined;
  const megabytes = Number(raw);
  if (!Number.isFinite(megabytes) || megabytes <= 0) {
    throw new Error(`${maxSizeVariable} must be a size in MB, such as 64; it is "${raw}".`);
  }
  return Math.round(megabytes * 1024 * 1024);
}

export const defaultParseLimits: ParseLimits = {
  maxBytes: sizeLimitFromEnv() ?? 32 * 1024 * 1024,
  maxDepth: 1000,
  maxAliases: 100,
};

/** The parsed data plus a way back from a JSON pointer to a line and column. */
export interface ParsedSource {
  data: unknown;
  locate(pointer: string): SourcePosition | undefined;
}

export type ParseResult = { ok: true; source: ParsedSource } | { ok: false; problems: SpecProblem[] };

const yamlHints: Record<string, string> = {
  DUPLICATE_KEY: 'Each key may appear once in a mapping; remove or rename the repeated one.',
  BAD_INDENT: 'Check the indentation: nested entries must be indented further than their parent, with spaces.',
  TAB_AS_INDENT: 'YAML indentation must use spaces, not tabs.',
  MISSING_CHAR: 'A bracket, brace or quote is not closed.',
  UNEXPECTED_TOKEN: 'Check the punctuation around this place (colons, dashes, quotes).',
};

/** A file of `bytes` bytes is over the size limit: what is said (files are measured before they are read too). */
export function tooLarge(bytes: number, limits: ParseLimits): SpecProblem {
  return {
    severity: 'error',
    pointer: '',
    message: `The file is ${formatBytes(bytes)}, over the limit of ${formatBytes(limits.maxBytes)}.`,
    hint: `Split the description, or raise the limit if this size is expected (${maxSizeVariable}=${Math.ceil(bytes / 1024 / 1024 / 16) * 16}).`,
  };
}

/** Parses YAML or JSON text. Never throws for bad input: problems come back as data. */
export function parseSource(text: string, limits: ParseLimits = defaultParseLimits): ParseResult {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxBytes) return { ok: false, problems: [tooLarge(bytes, limits)] };
  if (text.trim() === '') {
    return fail('', 'The file is empty.', 'An OpenAPI description starts with `openapi: 3.0.3` and an `info` block.');
  }

  const quick = readQuickly(text, limits);
  if (quick !== undefined) return { ok: true, source: { data: quick, locate: locator(text, limits) } };
  // Anything the quick reader refused, the YAML parser reads again and explains, with positions.
  return parseCarefully(text, limits);
}

/** The YAML parser's reading, which keeps every node's position and applies the nesting and alias limits. */
export function parseCarefully(text: string, limits: ParseLimits = defaultParseLimits): ParseResult {
  const lineCounter = new LineCounter();
  const position = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, keepSourceTokens: false });

  if (doc.errors.length > 0) {
    // The parser gives up on extreme nesting with one error per level it unwinds; one is enough.
    const exhausted = doc.errors.find((e) => e.code === 'RESOURCE_EXHAUSTION');
    if (exhausted) {
      return {
        ok: false,
        problems: [
          {
            severity: 'error',
            pointer: '',
            position: position(exhausted.pos[0]),
            // The parser's own limit depends on the stack, so no level count is promised here.
            message: 'The file nests maps and lists too deeply for the YAML reader to follow.',
            hint: `No real API description needs this depth (the portal allows at most ${limits.maxDepth} levels); check the file was generated correctly.`,
          },
        ],
      };
    }
    const { shown, following } = withoutCascade(doc.errors);
    return {
      ok: false,
      problems: shown.map((error) => ({
        severity: 'error' as const,
        pointer: '',
        position: position(error.pos[0]),
        message: `The file is not valid YAML: ${firstLine(error.message)}.${error === shown.at(-1) ? cascadeNote(following) : ''}`,
        ...yamlHint(error.code),
      })),
    };
  }

  const tooDeep = findTooDeep(doc.contents, limits.maxDepth);
  if (tooDeep) {
    return {
      ok: false,
      problems: [
        {
          severity: 'error',
          pointer: '',
          position: position(tooDeep.range?.[0] ?? 0),
          message: `The file nests maps and lists more than ${limits.maxDepth} levels deep.`,
          hint: 'No real API description needs this depth; check the file was generated correctly.',
        },
      ],
    };
  }

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (error) {
    return fail(
      '',
      `The file could not be read: ${error instanceof Error ? error.message : String(error)}.`,
      'Aliases (`*name`) that expand into huge documents are refused; write the values out or use `$ref`.',
    );
  }

  return {
    ok: true,
    source: {
      data,
      locate(pointer) {
        const node = nodeAt(doc.contents, pointer);
        return node?.range ? position(node.range[0]) : undefined;
      },
    },
  };
}

/**
 * The description's data from js-yaml (YAML 1.2 core schema, duplicate keys refused): about ten times faster
 * than the position-keeping parser and a fraction of its memory on a large file. Undefined when the file has
 * anything that needs the careful path: a syntax error, nesting deeper than the limit, or aliases (js-yaml
 * shares aliased objects; the careful path expands them under its alias limit).
 */
function readQuickly(text: string, limits: ParseLimits): unknown {
  let data: unknown;
  try {
    data = loadYaml(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  const seen = new Set<object>();
  const stack: { value: unknown; depth: number }[] = [{ value: data, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth || seen.has(value)) return undefined;
    seen.add(value);
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === 'string') record[key] = ownCopy(child);
      else stack.push({ value: child, depth: depth + 1 });
    }
  }
  return data;
}

/**
 * A string that does not point into the file's text. js-yaml cuts each value out of the text it reads, and V8
 * keeps a cut of 13 characters or more as a view into its parent, so a single description kept the whole file's
 * text alive for the rest of the build: twice the file's size when it has any non-ASCII character (stored two
 * bytes a character). Copied, the text goes once the model is built. UTF-16 both ways, so lone surrogates survive.
 */
function ownCopy(value: string): string {
  return value.length < 13 ? value : Buffer.from(value, 'utf16le').toString('utf16le');
}

/**
 * Positions for problems, found by scanning the text (`jsonLocator` for JSON, `blockYamlLocator` for YAML);
 * where that is unsure, the full parser places them, parsed once and only if needed.
 */
function locator(text: string, limits: ParseLimits): ParsedSource['locate'] {
  const byText = looksLikeJson(text) ? jsonLocator(text) : blockYamlLocator(text);
  let parsed: ParseResult | undefined;
  return (pointer) => {
    const quick = byText(pointer);
    if (quick) return quick;
    parsed ??= parseCarefully(text, limits);
    return parsed.ok ? parsed.source.locate(pointer) : undefined;
  };
}

/**
 * After a syntax error the YAML parser reads the rest of the file out of step, so one mistyped indentation came
 * back as ten or thirty errors, most of them on lines that are fine. The first syntax error is the one to fix:
 * it is reported with those before it (a repeated key stands on its own), and the rest are counted, not listed.
 */
function withoutCascade(errors: readonly YAMLError[]): { shown: YAMLError[]; following: number } {
  const inOrder = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const first = inOrder.findIndex((error) => !standalone.has(error.code));
  if (first < 0) return { shown: inOrder, following: 0 };
  return { shown: inOrder.slice(0, first + 1), following: inOrder.length - first - 1 };
}

/** Errors that do not put the parser out of step. */
const standalone = new Set<string>(['DUPLICATE_KEY']);

function cascadeNote(following: number): string {
  if (following === 0) return '';
  if (following === 1)
    return ' One more error after it follows from this one and is not listed: fix this one and check again.';
  return ` The ${following} errors after it follow from this one and are not listed: fix this one and check again.`;
}

function yamlHint(code: string): { hint?: string } {
  const hint = yamlHints[code];
  return hint ? { hint } : {};
}

function fail(pointer: string, message: string, hint: string): ParseResult {
  return { ok: false, problems: [{ severity: 'error', pointer, message, hint }] };
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/[.:]\s*$/, '');
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** First node deeper than `maxDepth`, found without recursion so depth itself cannot overflow the stack. */
function findTooDeep(root: unknown, maxDepth: number): Node | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (!isCollection(node)) continue;
    if (depth >= maxDepth) return node;
    for (const item of node.items) {
      if (isPair(item)) {
        stack.push({ node: item.key, depth: depth + 1 }, { node: item.value, depth: depth + 1 });
      } else {
        stack.push({ node: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * The node a pointer names, or the deepest existing node on the way (so a
 * problem about a missing field points at its parent). For a map entry it
 * returns the key, which is where a reader looks.
 */
function nodeAt(root: unknown, pointer: string): Node | undefined {
  let current: unknown = root;
  let best: Node | undefined = isNode(root) ? root : undefined;
  for (const segment of fromPointer(pointer)) {
    if (isAlias(current)) break;
    if (isMap(current)) {
      const pair = current.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) break;
      if (isNode(pair.key)) best = pair.key;
      current = pair.value;
    } else if (isCollection(current)) {
      const item = current.items[Number(segment)];
      if (!isNode(item)) break;
      best = item;
      current = item;
    } else {
      break;
    }
  }
  return best;
}

function isNode(value: unknown): value is Node {
  return isScalar(value) || isCollection(value) || isAlias(value);
}
