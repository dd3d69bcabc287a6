/**
 * The home page's Markdown twin (`/index.md`), written from the outline the page renders (`home-outline.ts`), with
 * the same headings in the same order. Its words go through `descriptionMarkdown`, as every description does.
 */

import type { GlanceLink, HomeGlance } from '../reference/site-lists/home-glance.ts';
import { code, descriptionMarkdown, inline, link } from '../reference/twins/markdown-text.ts';
import { sandboxMarkdown } from '../reference/twins/page-markdown.ts';
import type { HomeOutline } from './home-outline.ts';

/** A glance's link, or its label alone (a tag a group names that the description lacks). */
const glanceLink = (to: GlanceLink) => (to.href ? link(to.label, to.href) : inline(to.label));

export function homeMarkdown(outline: HomeOutline): string {
  const { glance, apis, guides, changelog } = outline;
  const parts = [
    `# ${inline(outline.title)}`,
    outline.tagline && inline(outline.tagline),
    outline.actions.map((action) => link(action.label, action.href)).join(' · '),
    outline.words && descriptionMarkdown(outline.words.markdown, 2),
    outline.more && link(outline.more.label, outline.more.href),
    ...(glance ? glanceMarkdown(glance) : []),
    ...(apis ? apisMarkdown(apis) : []),
    guides && `## ${inline(guides.title)}`,
    guides?.items
      .map((guide) => `- ${link(guide.label, guide.href)}${guide.description ? ` — ${inline(guide.description)}` : ''}`)
      .join('\n'),
    changelog && `## ${inline(changelog.title)}`,
    changelog && `${inline(changelog.text)} ${link(changelog.link.label, changelog.link.href)}.`,
    outline.sandbox && sandboxMarkdown(outline.sandbox),
  ];
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/** A one-API site's "at a glance": its counts, its groups and how requests authenticate. */
function glanceMarkdown(glance: HomeGlance): (string | undefined)[] {
  const { counts, links, apiKey } = glance;
  const tallies = [
    link(counts.operations, links.operations),
    ...(counts.webhooks ? [counts.webhooks] : []),
    ...(counts.callbacks ? [counts.callbacks] : []),
  ];
  const groups = [
    ...glance.groups.map(
      (group) =>
        `- **${glanceLink(group.link)}** — ${group.tags.map(glanceLink).join(', ')}${group.moreTags > 0 ? `, and ${group.moreTags} more` : ''} (${group.held})`,
    ),
    ...(glance.ungrouped
      ? [`- **${glanceLink(glance.ungrouped.link)}** — ${glance.ungrouped.tags} (${glance.ungrouped.held})`]
      : []),
  ];
  const keys =
    apiKey &&
    `${apiKey.keyless.length === 0 ? 'Every request sends an API key in the ' : 'Requests send an API key in the '}${code(apiKey.name)} ${apiKey.in}${apiKey.keyless.length > 0 ? ` (all but ${inline(apiKey.keyless.join(', '))})` : ''}.${apiKey.plans.length > 0 ? ` Keys belong to a plan: ${inline(apiKey.plans.join(', '))}.` : ''}`;
  return [
    `## ${inline(glance.title)}`,
    `${inline(glance.opening)} **${tallies.join('**, **')}** and **${link(counts.schemas, links.schemas)}**.`,
    groups.length > 0 ? groups.join('\n') : undefined,
    keys,
  ];
}

/** A site of several's APIs: a heading each, linked to its reference, its summary, then its facts. */
function apisMarkdown(apis: NonNullable<HomeOutline['apis']>): (string | undefined)[] {
  return [
    `## ${inline(apis.title)}`,
    ...apis.items.flatMap((api) => [
      `### ${link(api.title, api.href)}`,
      api.summary && inline(api.summary),
      [
        ...api.facts.map(inline),
        ...[api.changelog, api.sandbox].flatMap((to) => (to ? [link(to.label, to.href)] : [])),
      ].join(' · '),
    ]),
  ];
}
