/**
 * Starlight route middleware: each guide page announces its Markdown twin (`pages/guides/[guide].md.ts`) in its
 * head, as the reference pages and the changelog announce theirs.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { twinOf } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  if (!route.id.startsWith('guides/')) return;
  route.head.push({
    tag: 'link',
    attrs: { rel: 'alternate', type: 'text/markdown', href: twinOf(sitePath(`/${route.id}/`)) },
  });
});
