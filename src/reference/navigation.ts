/**
 * The reference's part of the sidebar, derived from the model: tag groups
 * (navigation only — no page of their own), each holding its tags' pages in
 * the spec's order; operation entries carry their method and badge.
 */
import type { ApiModel, ApiOperation, ApiTag } from '../openapi/model.ts';
import { slugify } from '../openapi/slug.ts';
import { badgeLabel } from './badges.ts';
import { oncePerModel } from './per-model.ts';
import { operationTitle, referencePaths } from './routes.ts';

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

/**
 * On pages with no open tag, an API with at most this many tags lists them all; a larger one shows each
 * group as one link, so that models, guides and the introduction do not each carry hundreds of tag links.
 */
export const tagsListedWhereNoneIsOpen = 30;

/**
 * The reference's sidebar as seen from a page whose tags are `openTags`:
 * those tags list their operations, the other tags of their groups are one
 * link each, and the other groups are one link each to their place on the
 * introduction (where their tags are listed; a group has no page of its own).
 * With no open tag (the introduction, models, guides) every group lists its
 * tags as links, unless there are too many of them. Each page passes its own,
 * so a page's size does not grow with the number of operations in the whole
 * API, and no page carries entries it does not show.
 */
export function referenceSidebar(model: ApiModel, openTags: ReadonlySet<string> = new Set()): SidebarItem[] {
  const parts = sidebarParts(model);
  const tagEntry = (tag: ApiTag): SidebarItem =>
    openTags.has(tag.name)
      ? { label: tag.name, collapsed: false, items: parts.tagItems(tag) }
      : { label: tag.name, link: parts.urls.tag(tag) };
  const someGroupOpen = model.tagGroups.some((group) => group.tags.some((name) => openTags.has(name)));
  const groupsAsLinks = someGroupOpen || model.tags.length > tagsListedWhereNoneIsOpen;
  const groups: SidebarItem[] = model.tagGroups.map((group) =>
    groupsAsLinks && !group.tags.some((name) => openTags.has(name))
      ? // Another group than the reader's: one link to where the introduction lists its tags (a collapsed
        // group holding that one link cost a dozen elements and ~750 bytes per group on every page).
        { label: `${group.name} tags`, link: `${parts.urls.introduction}#${groupAnchor(group.name)}` }
      : {
          label: group.name,
          items: group.tags.flatMap((name) => {
            const tag = parts.tags.get(name);
            return tag ? [tagEntry(tag)] : [];
          }),
        },
  );
  return [
    {
      label: 'API reference',
      items: [
        { label: 'Introduction', link: parts.urls.introduction },
        ...groups,
        { label: 'Models', link: parts.urls.schemas },
        ...(model.errorCodes.length > 0 ? [{ label: 'Errors', link: parts.urls.errors }] : []),
      ],
    },
  ];
}

interface SidebarParts {
  urls: ReturnType<typeof referencePaths>;
  tags: Map<string, ApiTag>;
  /** A tag's overview and operation entries. */
  tagItems(tag: ApiTag): SidebarItem[];
}

/** What every page's sidebar is assembled from, worked out once per model (every page asks). */
const sidebarParts = oncePerModel((model): SidebarParts => {
  // Starlight adds the site's base path to sidebar links itself.
  const urls = referencePaths(model);
  const operations = new Map(model.operations.map((o) => [o.operationId, o]));
  const operationEntry = (operation: ApiOperation): SidebarItem => ({
    label: operationTitle(operation),
    link: urls.operation(operation),
    attrs: { 'data-method': operation.method.toUpperCase() },
    ...(operation.badge ? { badge: badgeLabel(operation.badge) } : {}),
  });
  const itemsByTag = new Map<string, SidebarItem[]>();
  return {
    urls,
    tags: new Map(model.tags.map((t) => [t.name, t])),
    tagItems(tag) {
      let items = itemsByTag.get(tag.name);
      if (!items) {
        items = [
          { label: 'Overview', link: urls.tag(tag) },
          ...tag.operations.flatMap((id) => {
            const operation = operations.get(id);
            return operation ? [operationEntry(operation)] : [];
          }),
        ];
        itemsByTag.set(tag.name, items);
      }
      return [...items];
    },
  };
});
