/**
 * The changelog as an Atom feed (RFC 4287, written by the `feed` package): an entry per release, newest first,
 * linking to its section of the changelog page, its changes as a short HTML list. A release not cut yet is not in
 * the feed: a reader subscribed to it would be told of something that may still change.
 */
import { Feed } from 'feed';
import type { ApiModel } from '../openapi/index.ts';
import { escapeHtml } from '../render/escape-html.ts';
import {
  type ChangelogSection,
  changelogFeedPath,
  changelogPath,
  releaseAnchor,
  summaryParts,
} from './changelog-sections.ts';
import { sitePath } from './site-path.ts';

export const changelogFeedType = 'application/atom+xml; charset=utf-8';

export function changelogFeed(model: ApiModel, sections: readonly ChangelogSection[], site: URL): string {
  const page = new URL(sitePath(changelogPath), site).href;
  const released = sections.filter((section) => section.released);
  const dates = released.flatMap((section) => (section.date ? [section.date] : [])).sort();
  // Atom wants a date on every entry; a release file without one is dated like the newest that has one.
  const fallback = dates.at(-1) ?? new Date().toISOString().slice(0, 10);
  const day = (date: string | undefined) => new Date(`${date ?? fallback}T00:00:00Z`);
  const feed = new Feed({
    id: page,
    link: page,
    title: `${model.info.title} changelog`,
    description: `What changed in the ${model.info.title}, release by release.`,
    updated: day(released[0]?.date),
    generator: false,
    feedLinks: { atom: new URL(sitePath(changelogFeedPath), site).href },
    author: { name: model.info.contact?.name ?? model.info.title },
  });
  for (const section of released) {
    const link = `${page}#${releaseAnchor(section.version)}`;
    feed.addItem({
      id: link,
      link,
      title: `${model.info.title} ${section.version}`,
      date: day(section.date),
      content: contentHtml(section, site),
    });
  }
  return feed.atom1();
}

/** The release's changes as HTML: its groups, and in each what changed in which operation or model. */
function contentHtml(section: ChangelogSection, site: URL): string {
  if (section.groups.length === 0) {
    return `<p>${escapeHtml(section.previous ? 'No changes to operations or models.' : 'The first release.')}</p>`;
  }
  return section.groups
    .map((group) => {
      const items = group.items.map(({ target, changes }) => {
        const label = escapeHtml(
          target.call && target.call !== target.label ? `${target.label} (${target.call})` : target.label,
        );
        const name = target.href ? `<a href="${escapeHtml(new URL(target.href, site).href)}">${label}</a>` : label;
        const what = changes
          .map((change) => summaryHtml(change.summary) + (change.sunset ? `; sunset ${change.sunset}` : ''))
          .join('; ');
        return `<li>${name}: ${what}</li>`;
      });
      return `<h3>${escapeHtml(`${group.title} (${group.count})`)}</h3><ul>${items.join('')}</ul>`;
    })
    .join('');
}

const summaryHtml = (summary: string) =>
  summaryParts(summary)
    .map((part) => (part.code ? `<code>${escapeHtml(part.text)}</code>` : escapeHtml(part.text)))
    .join('');
