/**
 * What two descriptions have in common and the diff need not walk: path items and webhooks written the same in
 * both that reach no changed component, and components neither changed nor reached by what is kept. The differ
 * compares every operation with every `$ref` resolved, whatever changed (seconds for two large descriptions that
 * differ in one line, as `npm run bench:changes` shows); a release usually changes a few. Leaving the rest out
 * changes no finding: what is left out is the same on both sides, and so is everything it refers to.
 */
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../openapi/index.ts';

type Json = Record<string, unknown>;

/** `before` and `after` without what is the same in both and reaches nothing that changed. */
export function withoutUnchanged(before: Json, after: Json): [Json, Json] {
  const components = { before: componentsOf(before), after: componentsOf(after) };
  // A component reaches a changed one through its references: an operation using it would read differently.
  const changed = new Set<string>();
  for (const ref of new Set([...components.before.keys(), ...components.after.keys()])) {
    if (!isDeepStrictEqual(components.before.get(ref), components.after.get(ref))) changed.add(ref);
  }
  const referrers = referrersOf([components.before, components.after]);
  const affected = closure(changed, (ref) => [...(referrers.get(ref) ?? [])]);
  // What an operation inherits by name, not by `$ref` (security schemes, the document's security and servers):
  // when it changed, every operation is compared.
  const inheritedChanged =
    [...changed].some((ref) => ref.startsWith('#/components/securitySchemes/')) ||
    !isDeepStrictEqual(before.security, after.security) ||
    !isDeepStrictEqual(before.servers, after.servers);

  const keptItems = new Set<string>();
  for (const root of ['paths', 'webhooks'] as const) {
    const a = isRecord(before[root]) ? before[root] : {};
    const b = isRecord(after[root]) ? after[root] : {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const same = !inheritedChanged && isDeepStrictEqual(a[key], b[key]);
      if (!same || [...refsIn(a[key]), ...refsIn(b[key])].some((ref) => affected.has(ref)))
        keptItems.add(`${root}\n${key}`);
    }
  }
  // Kept: the changed components and those they reach, and everything the kept items reach.
  const reachedFrom = (node: unknown) => [...refsIn(node)];
  const keptRefs = closure(
    new Set([
      ...affected,
      ...[before, after].flatMap((document) =>
        [...keptItems].flatMap((item) => {
          const [root = '', key = ''] = item.split('\n');
          const items = document[root];
          return isRecord(items) ? reachedFrom(items[key]) : [];
        }),
      ),
    ]),
    (ref) => [components.before.get(ref), components.after.get(ref)].flatMap(reachedFrom),
  );
  return [prune(before, keptItems, keptRefs), prune(after, keptItems, keptRefs)];
}

/** Every component by its reference (`#/components/schemas/Pet`). */
function componentsOf(document: Json): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const components = document.components;
  if (!isRecord(components)) return found;
  for (const [section, entries] of Object.entries(components)) {
    if (!isRecord(entries)) continue;
    for (const [name, value] of Object.entries(entries)) found.set(componentRef(section, name), value);
  }
  return found;
}

const componentRef = (section: string, name: string) =>
  `#/components/${section}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;

/** The components a reference points into, by their own reference (`#/components/schemas/Pet/properties/id` → Pet). */
function refsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = /^#\/components\/[^/]+\/[^/]+/.exec(value);
        if (match) found.add(match[0]);
      } else refsIn(value, found);
    }
  }
  return found;
}

/** For each component, the components that refer to it (on either side). */
function referrersOf(sides: Map<string, unknown>[]): Map<string, Set<string>> {
  const referrers = new Map<string, Set<string>>();
  for (const components of sides) {
    for (const [referrer, value] of components) {
      for (const ref of refsIn(value)) {
        const here = referrers.get(ref) ?? new Set<string>();
        here.add(referrer);
        referrers.set(ref, here);
      }
    }
  }
  return referrers;
}

/** `start` and everything `next` leads to from it. */
function closure(start: Set<string>, next: (ref: string) => string[]): Set<string> {
  const seen = new Set(start);
  const queue = [...start];
  for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
    for (const other of next(ref)) {
      if (!seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

function prune(document: Json, keptItems: Set<string>, keptRefs: Set<string>): Json {
  const pruned: Json = { ...document };
  for (const root of ['paths', 'webhooks'] as const) {
    const items = document[root];
    if (!isRecord(items)) continue;
    pruned[root] = Object.fromEntries(Object.entries(items).filter(([key]) => keptItems.has(`${root}\n${key}`)));
  }
  const components = document.components;
  if (isRecord(components)) {
    pruned.components = Object.fromEntries(
      Object.entries(components).map(([section, entries]) => [
        section,
        isRecord(entries)
          ? Object.fromEntries(Object.entries(entries).filter(([name]) => keptRefs.has(componentRef(section, name))))
          : entries,
      ]),
    );
  }
  return pruned;
}
