/**
 * How long a chain of schemas merged into one another may be. A schema's `allOf` parts (and the `oneOf`/`anyOf`
 * option a sample takes) are merged into it at the same level, so the pages follow such a chain to its end for
 * every model on it: a model built on a chain of 2,000 models (each an `allOf` of the next) passed the check and
 * then overflowed the stack while the build made its example, and the work grows with the square of the chain on
 * every page along it. Real models are built on a handful; the chain's length is limited here, where the check
 * and the build both pass, and a longer one is refused at the schema that starts it.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import { followChain } from './refs.ts';
import type { SpecProblem } from './spec-problem.ts';

/** Most schemas merged one into another (the Pet Store's longest: 2; a 200-long chain builds each page in ~0.1 s). */
export const maxCompositionChain = 100;

const compositions = ['allOf', 'oneOf', 'anyOf'] as const;
/** Keys whose values are the author's data, not schemas: not searched (extensions neither). */
const notSchemas = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);
/** Keys whose children are names the author chose (a property may be called `example`), not fields. */
const nameMaps = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'schemas',
  'definitions',
  'paths',
  'webhooks',
  'callbacks',
  'pathItems',
  'content',
  'responses',
  'parameters',
  'headers',
  'requestBodies',
  'encoding',
]);

type Json = Record<string, unknown>;

/** The longest chain of merged schemas in `document`, as a problem at its start when it is over `limit`. */
export function compositionChainProblems(document: unknown, limit = maxCompositionChain): SpecProblem[] {
  const composites = findComposites(document);
  if (composites.size === 0) return [];
  const { length, next } = chainLengths(document, composites);
  let start: Json | undefined;
  let longest = 0;
  for (const [node, n] of length) {
    if (n > longest) [start, longest] = [node, n];
  }
  if (start === undefined || longest <= limit) return [];
  const names = componentNames(document);
  const chain: string[] = [];
  for (let node: Json | undefined = start; node && chain.length <= longest; node = next.get(node)) {
    chain.push(names.get(node) ?? (composites.get(node) as string));
  }
  const shown = chain.length > 5 ? [...chain.slice(0, 3), '…', ...chain.slice(-1)] : chain;
  const first = names.get(start);
  return [
    {
      severity: 'error',
      pointer: composites.get(start) as string,
      message: `${first ? `\`${first}\` is` : 'This schema is'} built on a chain of ${longest.toLocaleString('en')} schemas, each merged into the one before by \`allOf\`, \`oneOf\` or \`anyOf\` (${shown.join(' → ')}); the portal follows at most ${limit}.`,
      hint: 'No real model is built on more than a few; check the description was generated correctly, or nest the models as properties instead.',
    },
  ];
}

/** Every schema that merges others (`allOf`, `oneOf`, `anyOf` lists), with its pointer; walked without recursion. */
function findComposites(document: unknown): Map<Json, string> {
  // Each place keeps its parent and key; a pointer is spelled out only for the few composites.
  interface Place {
    value: object;
    key: string;
    parent: Place | undefined;
    names: boolean;
  }
  const pointerOf = (place: Place): string => {
    const segments: string[] = [];
    for (let at: Place | undefined = place; at?.parent; at = at.parent) segments.push(escapeSegment(at.key));
    return segments
      .reverse()
      .map((segment) => `/${segment}`)
      .join('');
  };
  const found = new Map<Json, string>();
  if (typeof document !== 'object' || document === null) return found;
  const stack: Place[] = [{ value: document, key: '', parent: undefined, names: false }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    if (seen.has(place.value)) continue;
    seen.add(place.value);
    const record = place.value as Json;
    if (!Array.isArray(record) && compositions.some((key) => Array.isArray(record[key])))
      found.set(record, pointerOf(place));
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child !== 'object' || child === null) continue;
      if (!place.names && !Array.isArray(record) && (notSchemas.has(key) || key.startsWith('x-'))) continue;
      const names = !place.names && !Array.isArray(record) && nameMaps.has(key);
      stack.push({ value: child, key, parent: place, names });
    }
  }
  return found;
}

/** The schemas a composite merges that merge others in turn (`$ref`s followed). */
function mergedComposites(document: unknown, node: Json, composites: Map<Json, string>): Json[] {
  const out: Json[] = [];
  for (const key of compositions) {
    const parts = node[key];
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      let target: unknown = part;
      if (isRecord(part) && typeof part.$ref === 'string') {
        const end = followChain(document, part.$ref);
        target = end.kind === 'found' ? end.value : undefined;
      }
      if (isRecord(target) && composites.has(target)) out.push(target);
    }
  }
  return out;
}

/**
 * How many composites each chain from a composite holds (itself included), and the next on its longest chain.
 * Depth first with a stack of its own, so the chain's length cannot overflow the call stack; a chain that comes
 * back to a schema on it stops there (the pages stop at a repeat too).
 */
function chainLengths(
  document: unknown,
  composites: Map<Json, string>,
): { length: Map<Json, number>; next: Map<Json, Json> } {
  const length = new Map<Json, number>();
  const next = new Map<Json, Json>();
  const onPath = new Set<Json>();
  interface Frame {
    node: Json;
    parts: Json[];
    i: number;
    best: number;
    bestPart?: Json;
  }
  const frame = (node: Json): Frame => {
    onPath.add(node);
    return { node, parts: mergedComposites(document, node, composites), i: 0, best: 0 };
  };
  for (const start of composites.keys()) {
    if (length.has(start)) continue;
    const stack: Frame[] = [frame(start)];
    while (stack.length > 0) {
      const top = stack.at(-1) as Frame;
      const part = top.parts[top.i++];
      if (part !== undefined) {
        const known = length.get(part);
        if (known !== undefined) {
          if (known > top.best) [top.best, top.bestPart] = [known, part];
        } else if (!onPath.has(part)) stack.push(frame(part));
        continue;
      }
      stack.pop();
      onPath.delete(top.node);
      const n = top.best + 1;
      length.set(top.node, n);
      if (top.bestPart) next.set(top.node, top.bestPart);
      const parent = stack.at(-1);
      if (parent && n > parent.best) [parent.best, parent.bestPart] = [n, top.node];
    }
  }
  return { length, next };
}

/** Named schemas by their definition: `components/schemas/<name>`. */
function componentNames(document: unknown): Map<unknown, string> {
  const names = new Map<unknown, string>();
  const schemas = isRecord(document) && isRecord(document.components) ? document.components.schemas : undefined;
  if (isRecord(schemas)) for (const [name, schema] of Object.entries(schemas)) names.set(schema, name);
  return names;
}
