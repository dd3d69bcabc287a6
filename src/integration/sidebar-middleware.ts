/**
 * Per-page sidebar: a tag's operations are listed only on that tag's pages.
 * Elsewhere the tag shows as one link to its overview, so each page's HTML
 * stays small however many operations the API has.
 */

import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { tagAttribute } from '../reference/navigation.ts';

type Entry = StarlightRouteData['sidebar'][number];

export const onRequest = defineRouteMiddleware((context) => {
  context.locals.starlightRoute.sidebar = context.locals.starlightRoute.sidebar.map(prune);
});

function prune(entry: Entry): Entry {
  if (entry.type !== 'group') return entry;
  const overview = entry.entries.find((e) => e.type === 'link' && e.attrs['data-overview'] === 'true');
  const isTagGroup = overview !== undefined && entry.entries.every((e) => e.type === 'link' && tagAttribute in e.attrs);
  if (isTagGroup && overview.type === 'link' && !entry.entries.some((e) => e.type === 'link' && e.isCurrent)) {
    const { 'data-overview': _overview, ...attrs } = overview.attrs;
    return { ...overview, label: entry.label, attrs };
  }
  return { ...entry, entries: entry.entries.map(prune) };
}
