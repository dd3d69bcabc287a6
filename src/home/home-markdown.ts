/**
 * The home page's Markdown twin (`/index.md`), written from the outline the page renders (`home-outline.ts`), with
 * the same headings in the same order. Its words go through `descriptionMarkdown`, as every description does.
 */

import type { GlanceLink } from '../reference/site-lists/home-glance.ts';
import { code, descriptionMarkdown, inline, link } from '../reference/twins/markdown-text.ts';
import { sandboxMarkdown } from '../reference/twins/page-markdown.ts';
import type { HomeOutline } from './home-outline.ts';

/** A glance's link, or its label alone (a tag a group names that the description lacks). */
const glanceLink = (to: GlanceLink) => (to.href ? link(to.label, to.href) : inline(to.label));

export function homeMarkdown(outline: HomeOutline): string {
  const { glance, guides, changelog } = outline;
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
  const parts = [
    `# ${inline(outline.title)}`,
    outline.tagline && inline(outline.tagline),
    outline.actions.map((action) => link(action.label, action.href)).join(' · '),
    outline.words && descriptionMarkdown(outline.words.markdown, 2),
    outline.more && link(outline.more.label, outline.more.href),
    `## ${inline(glance.title)}`,
    `${inline(glance.opening)} **${tallies.join('**, **')}** and **${link(counts.schemas, links.schemas)}**.`,
    groups.length > 0 && groups.join('\n'),
    keys,
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
