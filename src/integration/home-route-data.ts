/**
 * Starlight route middleware: the home page is named after the API it documents. Its Markdown
 * (src/content/docs/index.mdx) is the same for every description; its title, tagline and meta description are
 * the description's (info.title, info.summary), in the route data and in the head Starlight has already built.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getApiModel } from '../data/api-model.ts';
import { escapeHtml } from '../render/escape-html.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  if (route.id !== '' && route.id !== 'index') return;
  const { info } = await getApiModel();
  const data = route.entry.data;
  const was = { title: data.title, description: data.description };
  const title = `${info.title} documentation`;
  const description =
    info.summary ??
    `The reference, live test console and guides for the ${info.title}, built from its OpenAPI description.`;
  data.title = title;
  data.description = description;
  // Starlight writes the hero's title and tagline, and the `<title>`, as HTML: the description's text is escaped.
  if (data.hero) {
    data.hero.title = escapeHtml(title);
    data.hero.tagline = escapeHtml(
      info.summary ??
        `Everything you need to call the ${info.title} — a reference built from its OpenAPI description, a console to try calls in your browser, and guides to using it well.`,
    );
  }
  for (const item of route.head) {
    if (item.tag === 'title' && typeof item.content === 'string') {
      item.content = item.content.replace(escapeHtml(was.title), escapeHtml(title));
    } else if (item.attrs && typeof item.attrs.content === 'string') {
      // Attribute values are escaped when written.
      item.attrs.content = item.attrs.content
        .replace(was.title, title)
        .replace(was.description ?? '\u0000', description);
    }
  }
});
