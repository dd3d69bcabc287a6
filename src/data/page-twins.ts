/**
 * The Markdown twins of the pages written as MDX or components rather than from an outline: the guides and the
 * changelog. Each is rendered by Astro's container from the same content and components as its page, then
 * converted (`render/html-markdown.ts`), so twin and page say the same thing under the same headings.
 */

import { loadRenderers } from 'astro:container';
import { getCollection, render } from 'astro:content';
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { Changelog } from '../changes/changelog.ts';
import ChangelogView from '../components/changelog/ChangelogView.astro';
import type { ApiModel } from '../openapi/index.ts';
import { apiChangelogPaths } from '../publishing/changelog-paths.ts';
import { changelogDescription, changelogPath, changelogSections } from '../reference/changelog-sections.ts';
import { inline } from '../reference/markdown-text.ts';
import { twinOf } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';
import { htmlToMarkdown } from '../render/html-markdown.ts';
import { getApiModel, getApiModels } from './api-model.ts';
import { getChangelog, getChangelogs } from './changelog.ts';
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

/** The changelog's twin, when the description has releases (as the page is built only then). */
export const getChangelogTwin: () => Promise<PageTwin | undefined> = perDescription(async () => {
  const [model, releases] = await Promise.all([getApiModel(), getChangelog()]);
  if (!releases) return undefined;
  return changelogTwin(model, releases, sitePath(changelogPath));
});

/**
 * In a site of several APIs, each API's changelog twin in the site's order (undefined for one without releases),
 * at its changelog's place beside its reference (`publishing/changelog-paths.ts`): the full text and `llms.txt`
 * read them.
 */
export const getChangelogTwins: () => Promise<(PageTwin | undefined)[]> = perDescription(async () => {
  const [models, changelogs] = await Promise.all([getApiModels(), getChangelogs()]);
  const twins: (PageTwin | undefined)[] = [];
  for (const [i, model] of models.entries()) {
    const releases = changelogs[i];
    twins.push(releases ? await changelogTwin(model, releases, apiChangelogPaths(model).page) : undefined);
  }
  return twins;
});

async function changelogTwin(model: ApiModel, releases: Changelog, path: string): Promise<PageTwin> {
  const sections = changelogSections(model, releases);
  const html = await (await getContainer()).renderToString(ChangelogView, {
    props: { title: model.info.title, sections },
  });
  return twin('Changelog', changelogDescription(model.info.title), path, html);
}
