/**
 * Starlight route middleware: the home page is named after the API it documents. Its Markdown
 * (src/content/docs/index.mdx) is the same for every description; its title, tagline and meta description are
 * the description's (info.title, info.summary), in the route data and in the head Starlight has already built.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getApiModel } from '../data/api-model.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  if (route.id !== '' && route.id !== 'index') return;
  const { info } = await getApiModel();
  const data = route.entry.data;
  const was = { title: data.title, description: data.description };
  data.title = `${info.title} documentation`;
  data.description =
    info.summary ??
    `The reference, live test console and guides for the ${info.title}, built from its OpenAPI description.`;
  if (data.hero) {
    data.hero.tagline =
      info.summary ??
      `Everything you need to call the ${info.title} — a reference built from its OpenAPI description, a console to try calls in your browser, and guides to using it well.`;
  }
  for (const item of route.head) {
    const content = item.tag === 'title' ? item.content : item.attrs?.content;
    if (typeof content !== 'string') continue;
    const replaced = content
      .replace(was.title, data.title)
      .replace(was.description ?? '\u0000', data.description ?? '');
    if (item.tag === 'title') item.content = replaced;
    else if (item.attrs) item.attrs.content = replaced;
  }
});
