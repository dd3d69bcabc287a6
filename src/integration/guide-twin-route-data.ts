/**
 * Starlight route middleware: each guide page announces its Markdown twin (`pages/guides/[guide].md.ts`) in its
 * head, at the path the guide outline gives it, as the reference pages and the changelog announce theirs.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getGuideOutline } from '../data/guide-outline.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  if (!route.id.startsWith('guides/')) return;
  const guide = (await getGuideOutline()).find(({ id }) => id === route.id);
  if (guide) route.head.push({ tag: 'link', attrs: { rel: 'alternate', type: 'text/markdown', href: guide.twinPath } });
});
