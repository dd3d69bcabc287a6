/**
 * Tags (declared ones in their order, then any used without being declared), their groups, and page slugs. A
 * declared tag with a description but no operations is a page of text, as Redoc shows one (`x-traitTag`): real
 * descriptions keep their introduction there. Redoc's `x-displayName` labels a tag where 3.2's `summary` does not.
 */
import { buildTagGroups, type DeclaredTag } from '../extensions/x-tag-groups.ts';
import { isRecord, toPointer } from '../json-pointer.ts';
import type { ApiOperation, ApiTag, ApiTagGroup } from '../model.ts';
import { slugify, uniqueSlugs } from '../slug.ts';
import type { Reading } from './context.ts';
import { untaggedName } from './operation.ts';

/** A tag as 3.2 writes it: `summary` is its short display name, `parent` its group. */
interface TagObject {
  name: string;
  summary?: unknown;
  /** 3.2: `nav` for navigation; `badge`, `audience` or others for labels. */
  kind?: unknown;
  description?: string;
  parent?: unknown;
  'x-parent'?: unknown;
  'x-displayName'?: unknown;
  externalDocs?: { url: string; description?: string };
}

export function readTags(
  reading: Reading,
  operations: readonly ApiOperation[],
): { tags: ApiTag[]; tagGroups: ApiTagGroup[] } {
  const written = (reading.document.tags ?? []) as TagObject[];
  const declared: DeclaredTag[] = [];
  written.forEach((tag, index) => {
    if (declared.some((t) => t.name === tag.name)) {
      reading.problems.push({
        severity: 'warning',
        pointer: toPointer(['tags', index]),
        message: `The tag "${tag.name}" is declared twice; the first declaration is used.`,
      });
      return;
    }
    const parent = tag.parent ?? tag['x-parent'];
    const label = typeof tag.summary === 'string' ? tag.summary : tag['x-displayName'];
    const summary = typeof label === 'string' ? label.trim() : '';
    declared.push({
      name: tag.name,
      index,
      ...(summary ? { summary } : {}),
      ...(tag.description ? { description: tag.description } : {}),
      ...(typeof parent === 'string' ? { parent } : {}),
    });
  });

  const labels = written.flatMap((tag, index) =>
    typeof tag.kind === 'string' && tag.kind !== 'nav' ? [{ index, kind: tag.kind }] : [],
  );
  const [firstLabel] = labels;
  if (firstLabel) {
    const kinds = [...new Set(labels.map((l) => `"${l.kind}"`))].join(', ');
    reading.problems.push({
      severity: 'warning',
      pointer: toPointer(['tags', firstLabel.index, 'kind']),
      message: `${labels.length === 1 ? 'A tag has' : `${labels.length} tags have`} the kind ${kinds}, which the portal does not tell apart: it lists every tag in its navigation, as \`nav\` tags are.`,
    });
  }
  const tagOrder = [...new Set([...declared.map((t) => t.name), ...operations.flatMap((o) => o.tags)])];
  const tagSlug = uniqueSlugs();
  // Each tag's operations in document order, in one pass (filtering all operations per tag costs tags × operations).
  const idsByTag = new Map<string, string[]>();
  for (const operation of operations) {
    for (const name of new Set(operation.tags)) {
      const ids = idsByTag.get(name);
      if (ids) ids.push(operation.operationId);
      else idsByTag.set(name, [operation.operationId]);
    }
  }
  // A tag that names a group (a 3.2 parent, or an `x-tagGroups` entry) describes the group: it is no page of text.
  const rawGroups = (reading.document as unknown as Record<string, unknown>)['x-tagGroups'];
  const groupNames = new Set([
    ...declared.flatMap((tag) => (tag.parent === undefined ? [] : [tag.parent])),
    ...(Array.isArray(rawGroups)
      ? rawGroups.flatMap((g) => (isRecord(g) && typeof g.name === 'string' ? [g.name] : []))
      : []),
  ]);
  const described = new Set(
    declared.filter((tag) => tag.description?.trim() && !groupNames.has(tag.name)).map((tag) => tag.name),
  );
  const tags: ApiTag[] = tagOrder
    .map((name) => ({ name, operations: idsByTag.get(name) ?? [] }))
    .filter((tag) => tag.operations.length > 0 || described.has(tag.name))
    .map(({ name, operations: ids }) => {
      const source = written.find((t) => t.name === name); // the first declaration, as above
      const tag: ApiTag = { name, slug: tagSlug(name), operations: ids };
      const summary = declared.find((t) => t.name === name)?.summary;
      if (summary) tag.summary = summary;
      if (source?.description) tag.description = source.description;
      if (source?.externalDocs) tag.externalDocs = { ...source.externalDocs };
      return tag;
    });

  const tagGroups = reading.take(
    buildTagGroups(
      declared,
      (reading.document as unknown as Record<string, unknown>)['x-tagGroups'],
      tags.map((t) => t.name),
    ),
  );
  const builtGroups = new Set(tagGroups.map((g) => g.name));
  for (const tag of declared) {
    if (!tags.some((t) => t.name === tag.name) && !builtGroups.has(tag.name)) {
      reading.problems.push({
        severity: 'warning',
        pointer: toPointer(['tags', tag.index]),
        message: `The tag "${tag.name}" has no operations, no description and names no group; it gets no page.`,
      });
    }
  }
  return { tags, tagGroups };
}

/** Operation slugs: `tag-slug/operation-slug` under the first tag, unique across the site. */
export function assignOperationSlugs(operations: readonly ApiOperation[], tags: readonly ApiTag[]): void {
  const tagSlugs = new Map(tags.map((t) => [t.name, t.slug]));
  const operationSlug = uniqueSlugs();
  for (const operation of operations) {
    const primary = tagSlugs.get(operation.tags[0] ?? untaggedName) ?? slugify(untaggedName);
    operation.slug = `${primary}/${operationSlug(operation.operationId)}`;
  }
}
