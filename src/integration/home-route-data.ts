/**
 * Starlight route middleware: the home page is named after the API it documents. Its Markdown
 * (src/content/docs/index.mdx) is the same for every description; its title, tagline and meta description are
 * the description's (info.title, info.summary), in the route data and in the head Starlight has already built.
 */

import { getEntry } from 'astro:content';
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { toHtml } from 'hast-util-to-html';
import { getApiModel } from '../data/api-model.ts';
import { sitePath } from '../reference/site-path.ts';

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
  // Starlight writes the hero's title and tagline as HTML: the description's text goes in as a text node.
  if (data.hero) {
    data.hero.title = htmlOfText(title);
    data.hero.tagline = htmlOfText(
      info.summary ??
        `Everything you need to call the ${info.title} — a reference built from its OpenAPI description, a console to try calls in your browser, and guides to using it well.`,
    );
    // Where a reader goes next: the reference, and the first guide when this site has it.
    const gettingStarted = await getEntry('docs', 'guides/getting-started');
    data.hero.actions = [
      { text: 'Read the API reference', link: sitePath('/reference/'), variant: 'primary', attrs: {} },
      ...(gettingStarted
        ? [
            {
              text: 'Get started',
              link: sitePath('/guides/getting-started/'),
              variant: 'secondary' as const,
              attrs: {},
            },
          ]
        : []),
    ];
  }
  for (const item of route.head) {
    // The `<title>` is written as text (components/starlight/Head.astro), attribute values escaped when written.
    if (item.tag === 'title' && typeof item.content === 'string') {
      item.content = item.content.replace(was.title, title);
    } else if (item.attrs && typeof item.attrs.content === 'string') {
      item.attrs.content = item.attrs.content
        .replace(was.title, title)
        .replace(was.description ?? '\u0000', description);
    }
  }
});

const htmlOfText = (text: string) => toHtml({ type: 'text', value: text });
