/**
 * The reference's part of the sidebar, derived from the model: tag groups
 * (navigation only — no page of their own), each holding its tags' pages in
 * the spec's order; operation entries carry their method and badge.
 *
 * A tag's operations are listed only while the reader is on that tag's
 * pages (see `pruneSidebar`), so a page's size does not grow with the
 * number of operations in the whole API.
 */
import type { ApiModel, ApiOperation } from '../openapi/model.ts';
import { slugify } from '../openapi/slug.ts';
import { badgeLabel } from './badges.ts';
import { operationTitle, referenceUrls } from './routes.ts';

/** The sidebar items Starlight's config takes (a subset of its schema). */
export type SidebarItem =
  | {
      label: string;
      link: string;
      badge?: { text: string; variant: 'note' | 'danger' | 'success' | 'caution' | 'tip' | 'default' };
      attrs?: Record<string, string>;
    }
  | { label: string; items: SidebarItem[]; collapsed?: boolean };

/** Where the reference introduction lists a tag group's tags. */
export function groupAnchor(groupName: string): string {
  return `group-${slugify(groupName)}`;
}

/** The attribute marking a tag's operation entries, so they can be pruned on other tags' pages. */
export const tagAttribute = 'data-petstore-tag';

export function referenceSidebar(model: ApiModel): SidebarItem[] {
  const urls = referenceUrls(model);
  const tags = new Map(model.tags.map((t) => [t.name, t]));
  const operations = new Map(model.operations.map((o) => [o.operationId, o]));
  const operationEntry = (operation: ApiOperation, tagSlug: string): SidebarItem => ({
    label: operationTitle(operation),
    link: urls.operation(operation),
    attrs: { 'data-method': operation.method.toUpperCase(), [tagAttribute]: tagSlug },
    ...(operation.badge ? { badge: badgeLabel(operation.badge) } : {}),
  });
  const groups: SidebarItem[] = model.tagGroups.map((group) => ({
    label: group.name,
    items: group.tags.flatMap((name): SidebarItem[] => {
      const tag = tags.get(name);
      if (!tag) return [];
      return [
        {
          label: tag.name,
          collapsed: false,
          items: [
            { label: 'Overview', link: urls.tag(tag), attrs: { [tagAttribute]: tag.slug, 'data-overview': 'true' } },
            ...tag.operations.flatMap((id) => {
              const operation = operations.get(id);
              return operation ? [operationEntry(operation, tag.slug)] : [];
            }),
          ],
        },
      ];
    }),
  }));
  return [
    {
      label: 'API reference',
      items: [
        { label: 'Introduction', link: urls.introduction },
        ...groups,
        { label: 'Models', link: urls.schemas },
        ...(model.errorCodes.length > 0 ? [{ label: 'Errors', link: urls.errors }] : []),
      ],
    },
  ];
}
