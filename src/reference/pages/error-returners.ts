/**
 * Which operations return an error code, as the error catalog says it. Up to
 * `listedAtMost` are listed by name; past that the catalog names the tags
 * they are in, with how many of each tag's operations return it, and past
 * that many tags, the tag groups. A generated description of 10,000
 * operations otherwise listed thousands of links under each code: megabytes
 * nobody reads (by tag, still too many). Each operation page still lists
 * its own errors.
 */
import { type ApiErrorCode, type ApiModel, operationById, servedOperations } from '../../openapi/index.ts';
import { operationTitle, type ReferenceUrls, tagLabel } from '../routes.ts';
import { groupAnchor } from '../site-lists/navigation.ts';

/** Most operations, tags or tag groups listed under one code. */
export const listedAtMost = 25;

export interface ReturnerLink {
  label: string;
  href: string;
  /** How much of a tag returns it: "all 1,000", "12 of 40". */
  share?: string | undefined;
}

export type ErrorReturners =
  /** Any request at all, even to no operation (an unknown route). */
  | { kind: 'any-request' }
  | { kind: 'every-operation' }
  | { kind: 'operations'; operations: ReturnerLink[] }
  /** Too many to list: `count` ("3,412 operations") and the tags or tag groups they are in (none past those too). */
  | { kind: 'tags'; count: string; tags: ReturnerLink[] };

const figure = (n: number) => n.toLocaleString('en-US');

export function errorReturners(model: ApiModel, entry: ApiErrorCode, urls: ReferenceUrls): ErrorReturners {
  if (entry.global) return { kind: 'any-request' };
  const ids = new Set(entry.operations);
  if (ids.size === servedOperations(model).length) return { kind: 'every-operation' };
  if (ids.size <= listedAtMost) {
    const operations = entry.operations.flatMap((id) => {
      const operation = operationById(model, id);
      return operation ? [{ label: operationTitle(operation), href: urls.operation(operation) }] : [];
    });
    return { kind: 'operations', operations };
  }
  const count = `${figure(ids.size)} operations`;
  const tags = model.tags.filter((tag) => tag.operations.some((id) => ids.has(id)));
  if (tags.length <= listedAtMost) {
    return {
      kind: 'tags',
      count,
      tags: tags.map((tag) => ({ ...link(tag, urls.tag(tag)), share: share(tag.operations, ids) })),
    };
  }
  const byName = new Map(model.tags.map((tag) => [tag.name, tag]));
  const groups = model.tagGroups.flatMap((group) => {
    const members = group.tags.flatMap((name) => byName.get(name) ?? []);
    const operations = [...new Set(members.flatMap((tag) => tag.operations))];
    if (!operations.some((id) => ids.has(id))) return [];
    // A group the portal made for one ungrouped tag is that tag to the reader.
    const [only] = members;
    const target =
      group.implicit && only
        ? link(only, urls.tag(only))
        : link(group, `${urls.introduction}#${groupAnchor(group.name)}`);
    return [{ ...target, share: share(operations, ids) }];
  });
  return groups.length <= listedAtMost
    ? { kind: 'tags', count, tags: groups }
    : { kind: 'tags', count: `${count} in ${figure(tags.length)} tags`, tags: [] };
}

const link = (named: { name: string; summary?: string }, href: string) => ({ label: tagLabel(named), href });

/** How many of a tag's (or group's) operations return the code: "all 20", "8 of 1,200"; nothing for a lone one. */
function share(operations: readonly string[], returning: ReadonlySet<string>): string | undefined {
  const count = operations.filter((id) => returning.has(id)).length;
  const all = operations.length;
  return count < all ? `${figure(count)} of ${figure(all)}` : all > 1 ? `all ${figure(all)}` : undefined;
}
