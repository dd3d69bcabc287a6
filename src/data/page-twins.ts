/**
 * The Markdown twins of the pages written as MDX or components rather than from an outline: the guides and the
 * changelog. Each is rendered by Astro's container from the same content and components as its page, then
 * converted (`render/html-markdown.ts`), so twin and page say the same thing under the same headings.
 */

import { loadRenderers } from 'astro:container';
import { getCollection, render } from 'astro:content';
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import ChangelogView from '../components/changelog/ChangelogView.astro';
import { changelogDescription, changelogSections, changelogTitle } from '../reference/changelog/changelog-sections.ts';
import { twinOf } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';
import { inline } from '../reference/twins/markdown-text.ts';
import { htmlToMarkdown } from '../render/html-markdown.ts';
import { getPortalApis } from './api-model.ts';
import { type ApiChangelog, getApiChangelogs } from './changelog.ts';
import { getGuideOutline } from './guide-outline.ts';
import { perDescription } from './per-description.ts';

export interface PageTwin {
  title: string;
  description?: string | undefined;
  /** The HTML page's site path (`/guides/errors/`). */
  path: string;
  /** The twin's site path (`/guides/errors.md`). */
  twinPath: string;
  markdown: string;
}

let container: Promise<AstroContainer> | undefined;
const getContainer = () => {
  container ??= loadRenderers([getContainerRenderer()]).then((renderers) => AstroContainer.create({ renderers }));
  return container;
};

/** A page's twin: its title as the one `#` heading, its description, then its content. */
function twin(title: string, description: string | undefined, path: string, html: string): PageTwin {
  const body = htmlToMarkdown(html, path);
  const markdown = [`# ${inline(title)}`, description && inline(description), body].filter(Boolean).join('\n\n');
  return { title, description, path, twinPath: twinOf(path), markdown: `${markdown}\n` };
}

/**
 * Every guide's twin, in reading order, made once per build: the guide pages' `.md`, `/llms-full.txt`, `llms.txt`
 * and the MCP docs read them. Which guides, their order, titles and paths come from the guide outline
 * (`data/guide-outline.ts`), as the MCP server's search has them; the body is the page's own MDX rendered.
 */
export const getGuideTwins: () => Promise<PageTwin[]> = perDescription(async () => {
  const renderer = await getContainer();
  const entries = new Map((await getCollection('docs')).map((entry) => [entry.id, entry]));
  const twins: PageTwin[] = [];
  for (const guide of await getGuideOutline()) {
    const entry = entries.get(guide.id);
    if (!entry) throw new Error(`The guide ${guide.id} is in the guide outline but not in the docs collection.`);
    const { Content } = await render(entry);
    const html = await renderer.renderToString(Content);
    twins.push(twin(guide.title, guide.description, guide.path, html));
  }
  return twins;
});

/**
 * Each API's changelog twin, for the APIs with releases (as their pages are built only then), in the site's order:
 * `/changelog.md` on a one-API site, `/reference/<id>/changelog.md` in a site of several.
 */
export const getChangelogTwins: () => Promise<{ api: ApiChangelog; twin: PageTwin }[]> = perDescription(async () => {
  const twins: { api: ApiChangelog; twin: PageTwin }[] = [];
  for (const api of await getApiChangelogs()) twins.push({ api, twin: await changelogTwin(api) });
  return twins;
});

/** The first API's changelog twin (a one-API site's), when it has releases. */
export const getChangelogTwin = async (): Promise<PageTwin | undefined> => {
  const [first] = getPortalApis();
  return (await getChangelogTwins()).find(({ api }) => api.api === first)?.twin;
};

async function changelogTwin({ model, changelog, paths, several }: ApiChangelog): Promise<PageTwin> {
  const sections = changelogSections(model, changelog);
  const html = await (await getContainer()).renderToString(ChangelogView, {
    props: { title: model.info.title, sections, paths },
  });
  const { title } = model.info;
  return twin(changelogTitle(title, several), changelogDescription(title), sitePath(paths.page), html);
}
