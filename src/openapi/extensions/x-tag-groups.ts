/**
 * Navigation groups of tags. Sources, strongest first: an OAS 3.2-style tag
 * `parent` (or `x-parent`, its 3.0-legal spelling), then Redoc's
 * `x-tagGroups`, then none. Tags that no group holds become groups of their
 * own after the others, marked `implicit` (navigation lists them as plain
 * tags), so any description still builds; only `x-tagGroups` that leaves a
 * tag out is warned about.
 */
import { isRecord, toPointer } from '../json-pointer.ts';
import type { ApiTagGroup } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { ExtensionRead } from './read-result.ts';

/** A tag as declared in the document's `tags` list. */
export interface DeclaredTag {
  name: string;
  /** 3.2's short display name. */
  summary?: string;
  description?: string;
  parent?: string;
  /** Index in the document's `tags` list. */
  index: number;
}

export type GroupingSource = 'parent' | 'x-tagGroups' | 'none';

/** Which source decides the groups: `parent` beats `x-tagGroups` beats flat tags. */
export function chooseGroupingSource(declared: readonly DeclaredTag[], tagGroups: unknown): GroupingSource {
  if (declared.some((tag) => tag.parent !== undefined)) return 'parent';
  if (tagGroups !== undefined) return 'x-tagGroups';
  return 'none';
}

/**
 * Groups for the tags that carry operations (`operationTags`, in reading order).
 * Tags named only as groups (no operations of their own) give their description to the group.
 */
export function buildTagGroups(
  declared: readonly DeclaredTag[],
  rawTagGroups: unknown,
  operationTags: readonly string[],
): ExtensionRead<ApiTagGroup[]> {
  const source = chooseGroupingSource(declared, rawTagGroups);
  const describedBy = new Map<string, string | undefined>();
  for (const tag of declared) if (!describedBy.has(tag.name)) describedBy.set(tag.name, tag.description);
  const summaryOf = new Map<string, string>();
  for (const tag of declared) if (tag.summary && !summaryOf.has(tag.name)) summaryOf.set(tag.name, tag.summary);
  const known = new Set([...declared.map((t) => t.name), ...operationTags]);
  const read =
    source === 'parent'
      ? groupsFromParents(declared, known)
      : source === 'x-tagGroups'
        ? groupsFromExtension(rawTagGroups, known)
        : { value: [], problems: [] };

  const usable = new Set(operationTags);
  const groups: ApiTagGroup[] = [];
  for (const group of read.value) {
    const tags = group.tags.filter((name) => usable.has(name));
    if (tags.length === 0) continue;
    const description = group.description ?? describedBy.get(group.name);
    const summary = summaryOf.get(group.name);
    groups.push({
      name: group.name,
      ...(summary ? { summary } : {}),
      ...(description ? { description } : {}),
      tags,
    });
  }

  const grouped = new Set(groups.flatMap((g) => g.tags));
  const loose = operationTags.filter((name) => !grouped.has(name));
  const problems = [...read.problems];
  if (source === 'parent' && rawTagGroups !== undefined) {
    problems.push({
      severity: 'warning',
      pointer: '/x-tagGroups',
      message: 'Tags have parents, so `x-tagGroups` is ignored.',
      hint: "Use one way of grouping tags: remove `x-tagGroups`, or the tags' `parent` fields.",
    });
  }
  // Only x-tagGroups that leave tags out is worth a word: under parents a tag with none is a top-level entry, and a
  // description with no groups at all (most public ones) lists its tags on their own, as readers expect.
  if (loose.length > 0 && source === 'x-tagGroups') {
    problems.push({
      severity: 'warning',
      pointer: '/x-tagGroups',
      message: `No group holds ${loose.map((t) => `"${t}"`).join(', ')}; ${loose.length === 1 ? 'it is' : 'they are'} listed on ${loose.length === 1 ? 'its' : 'their'} own after the groups.`,
      hint: 'List every tag under a group in `x-tagGroups` (or give it a `parent`).',
    });
  }
  for (const name of loose) {
    // A loose tag named like an existing group joins it rather than making a second group of that name.
    const namesake = groups.find((g) => g.name === name);
    if (namesake) {
      namesake.tags.unshift(name);
      continue;
    }
    const description = describedBy.get(name);
    const summary = summaryOf.get(name);
    groups.push({
      name,
      ...(summary ? { summary } : {}),
      ...(description ? { description } : {}),
      tags: [name],
      implicit: true,
    });
  }
  return { value: groups, problems };
}

function groupsFromExtension(raw: unknown, known: ReadonlySet<string>): ExtensionRead<ApiTagGroup[]> {
  const problems: SpecProblem[] = [];
  if (!Array.isArray(raw)) {
    return {
      value: [],
      problems: [
        {
          severity: 'error',
          pointer: '/x-tagGroups',
          message: '`x-tagGroups` must be a list of groups, each with a `name` and a list of `tags`.',
        },
      ],
    };
  }
  const groups: ApiTagGroup[] = [];
  const placed = new Map<string, string>();
  raw.forEach((entry, i) => {
    const pointer = toPointer(['x-tagGroups', i]);
    if (!isRecord(entry) || typeof entry.name !== 'string' || !Array.isArray(entry.tags)) {
      problems.push({
        severity: 'error',
        pointer,
        message: 'Each tag group needs a `name` (text) and `tags` (a list of tag names).',
      });
      return;
    }
    const tags: string[] = [];
    entry.tags.forEach((tag, j) => {
      const tagPointer = toPointer(['x-tagGroups', i, 'tags', j]);
      if (typeof tag !== 'string' || !known.has(tag)) {
        problems.push({
          severity: 'warning',
          pointer: tagPointer,
          message: `The group "${entry.name}" names the tag ${JSON.stringify(tag)}, which is neither declared under \`tags\` nor used by any operation; it is left out.`,
          hint: `Known tags: ${[...known].join(', ') || 'none'}.`,
        });
        return;
      }
      const earlier = placed.get(tag);
      if (earlier !== undefined) {
        problems.push({
          severity: 'warning',
          pointer: tagPointer,
          message: `The tag "${tag}" is already in the group "${earlier}"; it is shown there only.`,
        });
        return;
      }
      placed.set(tag, entry.name as string);
      tags.push(tag);
    });
    const description = typeof entry.description === 'string' ? entry.description : undefined;
    groups.push(description ? { name: entry.name, description, tags } : { name: entry.name, tags });
  });
  return { value: groups, problems };
}

function groupsFromParents(declared: readonly DeclaredTag[], known: ReadonlySet<string>): ExtensionRead<ApiTagGroup[]> {
  const problems: SpecProblem[] = [];
  const parentOf = new Map<string, string>();
  for (const tag of declared) {
    if (tag.parent === undefined) continue;
    if (!known.has(tag.parent)) {
      problems.push({
        severity: 'error',
        pointer: toPointer(['tags', tag.index, 'parent']),
        message: `The tag "${tag.name}" names the parent "${tag.parent}", which is not a declared tag.`,
      });
      continue;
    }
    parentOf.set(tag.name, tag.parent);
  }
  // A tag's group is its top-most ancestor; a loop of parents is an error.
  const rootOf = (name: string): string | undefined => {
    const seen = new Set<string>();
    let current = name;
    for (;;) {
      const parent = parentOf.get(current);
      if (parent === undefined) return current;
      if (seen.has(parent)) return undefined;
      seen.add(current);
      current = parent;
    }
  };
  const groups = new Map<string, string[]>();
  for (const tag of declared) {
    if (tag.parent === undefined || !parentOf.has(tag.name)) continue;
    const root = rootOf(tag.name);
    if (root === undefined) {
      problems.push({
        severity: 'error',
        pointer: toPointer(['tags', tag.index, 'parent']),
        message: `The parents of the tag "${tag.name}" go round in a circle.`,
      });
      continue;
    }
    groups.set(root, [...(groups.get(root) ?? [root]), tag.name]);
  }
  const order = declared.map((t) => t.name).filter((name) => groups.has(name));
  return { value: order.map((name) => ({ name, tags: groups.get(name) ?? [] })), problems };
}
