/**
 * Local `$ref`s: finding them, checking they lead somewhere, and following
 * them. Schemas stay as references in the model (so a circular schema is a
 * link, not an endless loop); everything else is followed here with a guard
 * against reference chains that go round in a circle.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { escapeSegment, getAtPointer, isRecord, toPointer } from './json-pointer.ts';
import { nearMatches } from './near-matches.ts';
import type { SpecProblem } from './spec-problem.ts';

/**
 * Keys whose children are names chosen by the author (a property called
 * `example` is a schema, not an example value), so nothing below them is skipped.
 */
const nameMaps = new Set([
  'paths',
  'properties',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'examples',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'content',
  'encoding',
  'variables',
]);

/** Keys that hold the author's literal data, where `$ref` is just text. */
const literalKeys = new Set(['example', 'default', 'enum', 'value']);

/** Every `$ref` that OpenAPI treats as a reference, with the pointer to where it is written. */
export function findReferences(root: unknown): { ref: unknown; pointer: string }[] {
  const found: { ref: unknown; pointer: string }[] = [];
  const stack: { value: unknown; path: (string | number)[]; namesHere: boolean }[] = [
    { value: root, path: [], namesHere: false },
  ];
  while (stack.length > 0) {
    const { value, path, namesHere } = stack.pop() as (typeof stack)[number];
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        stack.push({ value: item, path: [...path, i], namesHere: false });
      });
    } else if (isRecord(value)) {
      for (const key of Object.keys(value)) {
        const child = value[key];
        if (!namesHere && key === '$ref') {
          found.push({ ref: child, pointer: toPointer([...path, key]) });
          continue;
        }
        if (!namesHere && (literalKeys.has(key) || key.startsWith('x-'))) continue;
        stack.push({ value: child, path: [...path, key], namesHere: !namesHere && nameMaps.has(key) });
      }
    }
  }
  return found.reverse();
}

/** Problems with references: not text, not local, leading nowhere, or a chain that loops. */
export function checkReferences(root: unknown): SpecProblem[] {
  const problems: SpecProblem[] = [];
  let tooLong = false;
  for (const { ref, pointer } of findReferences(root)) {
    if (typeof ref !== 'string') {
      problems.push({ severity: 'error', pointer, message: '`$ref` must be text such as "#/components/schemas/Pet".' });
      continue;
    }
    if (!ref.startsWith('#')) {
      problems.push({
        severity: 'error',
        pointer,
        message: `The reference "${ref}" points outside this file.`,
        hint: 'Descriptions in several files are read from a file on disk (PETSTORE_SPEC), not from text.',
      });
      continue;
    }
    const target = followChain(root, ref);
    if (target.kind === 'missing') {
      problems.push({
        severity: 'error',
        pointer,
        message: `The reference "${target.ref}" points at nothing in this file.`,
        ...suggest(root, target.ref),
      });
    } else if (target.kind === 'found' && !isRecord(target.value) && typeof target.value !== 'boolean') {
      // (A boolean is a schema in 3.1 and 3.2: `Anything: true`. In 3.0 the schema check has refused it already.)
      problems.push({
        severity: 'error',
        pointer,
        message: `The reference "${ref}" leads to ${target.value === null ? 'null' : `a ${Array.isArray(target.value) ? 'list' : typeof target.value}`}, not to a definition.`,
        hint: 'A `$ref` must lead to a mapping: a schema, parameter, response or other OpenAPI object.',
      });
    } else if (target.kind === 'too-long') {
      // Every reference into a long chain is too long; the first says it for all of them.
      if (tooLong) continue;
      tooLong = true;
      const [first, second, third] = target.chain;
      problems.push({
        severity: 'error',
        pointer,
        message: `The reference "${ref}" leads through more than ${maxReferenceChain} references in a row (${first} → ${second} → ${third} → …) before a definition; the portal follows at most ${maxReferenceChain}.`,
        hint: 'Refer to the definition itself; no real description needs a longer chain. Check the description was generated correctly.',
      });
    } else if (target.kind === 'loop') {
      problems.push({
        severity: 'error',
        pointer,
        message: `The reference "${ref}" leads only to other references and comes back to itself (${target.chain.join(' → ')}).`,
        hint: 'One of these entries must hold a definition instead of another `$ref`.',
      });
    }
  }
  return problems;
}

type ChainEnd =
  | { kind: 'found'; value: unknown }
  | { kind: 'missing'; ref: string }
  | { kind: 'loop'; chain: string[] }
  | { kind: 'too-long'; chain: string[] };

/**
 * Most references one leads through before its definition (`A: {$ref: B}`, `B: {$ref: C}`…). Every page follows
 * such a chain again for each reference into it: a chain of 2,000 made the check alone take 28 s.
 */
export const maxReferenceChain = 100;

export function followChain(root: unknown, ref: string): ChainEnd {
  const seen: string[] = [];
  let current = ref;
  for (;;) {
    if (seen.includes(current)) return { kind: 'loop', chain: [...seen, current] };
    if (seen.length >= maxReferenceChain) return { kind: 'too-long', chain: seen };
    seen.push(current);
    const target = resolvePointerRef(root, current);
    if (!target.found) return { kind: 'missing', ref: current };
    if (isReference(target.value)) current = target.value.$ref;
    else return { kind: 'found', value: target.value };
  }
}

function resolvePointerRef(root: unknown, ref: string): ReturnType<typeof getAtPointer> {
  if (!ref.startsWith('#')) return { found: false };
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return { found: false };
  }
  if (pointer !== '' && !pointer.startsWith('/')) return { found: false };
  return getAtPointer(root, pointer);
}

/** "Did you mean" for a reference into a named component. */
function suggest(root: unknown, ref: string): { hint?: string } {
  const match = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
  if (!match) return { hint: 'References look like "#/components/schemas/Pet".' };
  const [, section = '', name = ''] = match;
  const components = getAtPointer(root, `/components/${section}`);
  const names = components.found && isRecord(components.value) ? Object.keys(components.value) : [];
  const [closest] = nearMatches(name, names, 1);
  if (closest) return { hint: `Did you mean "#/components/${section}/${closest}"?` };
  return {
    hint:
      names.length > 0
        ? `components/${section} defines: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', …' : ''}.`
        : `Nothing is defined under components/${section}.`,
  };
}

/** A Reference Object. */
export function isReference(value: unknown): value is OpenAPIV3.ReferenceObject {
  return isRecord(value) && typeof value.$ref === 'string';
}

/**
 * Follows references until a definition. Only call after `checkReferences`
 * found no problem; a broken reference here is a bug, so it throws.
 */
export function dereference<T extends object>(root: unknown, value: T | OpenAPIV3.ReferenceObject): T {
  if (!isReference(value)) return value;
  const end = followChain(root, value.$ref);
  if (end.kind !== 'found') throw new Error(`Unchecked reference ${value.$ref}`);
  return end.value as T;
}

/**
 * A path item as OpenAPI means it: a `$ref`'d path item merged with any
 * fields written beside the `$ref` (those win). `locate` tells where each
 * method really is written, for problem pointers.
 */
export function inlinePathItem(
  root: unknown,
  path: string,
  raw: unknown,
  container: 'paths' | 'webhooks' = 'paths',
  /** Where the item is written, when it is not under `container` (a callback's). */
  own = toPointer([container, path]),
): { item: Record<string, unknown>; pointerOf(field: string): string } {
  if (!isRecord(raw)) return { item: {}, pointerOf: (field) => `${own}/${field}` };
  if (typeof raw.$ref !== 'string') return { item: raw, pointerOf: (field) => `${own}/${escapeSegment(field)}` };
  const end = followChain(root, raw.$ref);
  const target = end.kind === 'found' && isRecord(end.value) ? end.value : {};
  const { $ref, ...siblings } = raw;
  const targetPointer = decodeURIComponent($ref.slice(1));
  return {
    item: { ...target, ...siblings },
    pointerOf: (field) =>
      Object.hasOwn(siblings, field) ? `${own}/${escapeSegment(field)}` : `${targetPointer}/${escapeSegment(field)}`,
  };
}

/** The document with every `$ref`'d path item written out, so the schema check sees real operations. */
export function withInlinedPathItems(root: Record<string, unknown>): Record<string, unknown> {
  const paths = root.paths;
  if (!isRecord(paths) || !Object.values(paths).some((item) => isRecord(item) && '$ref' in item)) return root;
  const inlined: Record<string, unknown> = {};
  for (const path of Object.keys(paths)) {
    const raw = paths[path];
    inlined[path] =
      isRecord(raw) && typeof raw.$ref === 'string' && isReachable(root, raw.$ref)
        ? inlinePathItem(root, path, raw).item
        : raw;
  }
  return { ...root, paths: inlined };
}

function isReachable(root: unknown, ref: string): boolean {
  const end = followChain(root, ref);
  return end.kind === 'found' && isRecord(end.value);
}
