/**
 * Per-page sidebar, so a page's size does not grow with the size of the API:
 * - a tag's operations are listed only on that tag's pages; elsewhere the
 *   tag is one link to its overview;
 * - on a page inside one tag group, the other groups show one link to their
 *   place on the reference introduction instead of all their tags.
 */

import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { groupAnchor, tagAttribute } from '../reference/navigation.ts';
import { referenceBase } from '../reference/routes.ts';

type Entry = StarlightRouteData['sidebar'][number];
type Group = Extract<Entry, { type: 'group' }>;

export const onRequest = defineRouteMiddleware((context) => {
  const introduction = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/${referenceBase}/`;
  context.locals.starlightRoute.sidebar = context.locals.starlightRoute.sidebar.map((entry) =>
    pruneTree(entry, introduction),
  );
});

function pruneTree(entry: Entry, introduction: string): Entry {
  if (entry.type !== 'group') return entry;
  const tagGroups = entry.entries.filter(isTagGroupContainer);
  const current = tagGroups.find(hasCurrent);
  return {
    ...entry,
    entries: entry.entries.map((child) => {
      if (child.type !== 'group') return child;
      if (isTagGroupContainer(child)) {
        if (current && child !== current) {
          return {
            ...child,
            entries: [link(`All ${child.label} tags`, `${introduction}#${groupAnchor(child.label)}`)],
          };
        }
        return { ...child, entries: child.entries.map(pruneTag) };
      }
      return pruneTree(child, introduction);
    }),
  };
}

/** A tag's entries (overview + operations) shrink to one link unless the reader is on one of them. */
function pruneTag(entry: Entry): Entry {
  if (!isTag(entry)) return entry;
  const overview = entry.entries.find((e) => e.type === 'link' && e.attrs['data-overview'] === 'true');
  if (overview?.type !== 'link' || hasCurrent(entry)) return entry;
  const { 'data-overview': _overview, ...attrs } = overview.attrs;
  return { ...overview, label: entry.label, attrs };
}

function isTag(entry: Entry): entry is Group {
  return (
    entry.type === 'group' &&
    entry.entries.length > 0 &&
    entry.entries.every((e) => e.type === 'link' && tagAttribute in e.attrs)
  );
}

/** A navigation-only group of tags (Pets, Store). */
function isTagGroupContainer(entry: Entry): entry is Group {
  return entry.type === 'group' && entry.entries.length > 0 && entry.entries.every(isTag);
}

function hasCurrent(entry: Entry): boolean {
  return entry.type === 'link' ? entry.isCurrent : entry.entries.some(hasCurrent);
}

function link(label: string, href: string): Entry {
  return { type: 'link', label, href, isCurrent: false, badge: undefined, attrs: {} };
}
