/**
 * The changelog as an Atom feed (RFC 4287): an entry per release, newest first, linking to its section of the
 * changelog page, its changes as a short HTML list. A release not cut yet is not in the feed: a reader subscribed
 * to it would be told of something that may still change.
 *
 * Each context is written by the library that knows it: the entries' HTML by hast (hastscript, hast-util-to-html),
 * the XML by fast-xml-builder, which escapes every text and attribute. Titles are Atom `text`, never HTML.
 * (The `feed` package wrote titles as raw HTML in CDATA sections, escaping only a title's first `]]>`.)
 */
import XMLBuilder from 'fast-xml-builder';
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { ApiModel } from '../../openapi/index.ts';
import { sitePath } from '../site-path.ts';
import {
  type ChangelogSection,
  changelogDescription,
  changelogPaths,
  releaseAnchor,
  summaryParts,
} from './changelog-sections.ts';

export const changelogFeedType = 'application/atom+xml; charset=utf-8';

/**
 * The head entry that announces the feed of `model`'s API to feed readers (`<link rel="alternate"
 * type="application/atom+xml">`). A one-API site puts its one feed's in every page's head
 * (integration/api-reference-plugin.ts); in a site of several each API's pages (its reference, its changelog and
 * migration pages) announce that API's feed, the one a reader of them would follow.
 */
export function changelogFeedLink(model: ApiModel): { tag: 'link'; attrs: Record<string, string> } {
  return {
    tag: 'link',
    attrs: {
      rel: 'alternate',
      type: 'application/atom+xml',
      title: `${model.info.title} changelog`,
      href: sitePath(changelogPaths(model).feed),
    },
  };
}

/**
 * The changelog of `model`'s API (its current model) as an Atom feed: its id and alternate link its API's changelog
 * page, its self link its own place (`changelogPaths`).
 */
export function changelogFeed(model: ApiModel, sections: readonly ChangelogSection[], site: URL): string {
  const paths = changelogPaths(model);
  const page = new URL(sitePath(paths.page), site).href;
  const released = sections.filter((section) => section.released);
  const dates = released.flatMap((section) => (section.date ? [section.date] : [])).sort();
  // Atom wants a date on every entry; a release file without one is dated like the newest that has one.
  const fallback = dates.at(-1) ?? new Date().toISOString().slice(0, 10);
  const day = (date: string | undefined) => new Date(`${date ?? fallback}T00:00:00Z`).toISOString();
  const text = (value: string) => ({ '@type': 'text', '#text': xmlCharacters(value) });
  const feed = {
    '?xml': { '@version': '1.0', '@encoding': 'utf-8' },
    feed: {
      '@xmlns': 'http://www.w3.org/2005/Atom',
      id: page,
      title: text(`${model.info.title} changelog`),
      subtitle: text(changelogDescription(model.info.title)),
      updated: day(released[0]?.date),
      author: { name: xmlCharacters(model.info.contact?.name ?? model.info.title) },
      link: [
        { '@rel': 'alternate', '@href': page },
        { '@rel': 'self', '@href': new URL(sitePath(paths.feed), site).href },
      ],
      entry: released.map((section) => {
        const link = `${page}#${releaseAnchor(section.version)}`;
        return {
          id: link,
          title: text(`${model.info.title} ${section.version}`),
          link: { '@href': link },
          updated: day(section.date),
          content: { '@type': 'html', '#text': xmlCharacters(contentHtml(section, site)) },
        };
      }),
    },
  };
  return feedWriter.build(feed);
}

const feedWriter = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

/**
 * The text without what XML 1.0 cannot hold at all, even escaped (most C0 controls, lone surrogates, U+FFFE/FFFF):
 * one such character makes the whole feed unreadable. The model already warns about and drops control characters
 * in the API's title; this keeps the feed well-formed whatever else the description's names carry.
 */
function xmlCharacters(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

/** The release's changes as HTML: its groups, and in each what changed in which operation or model. */
function contentHtml(section: ChangelogSection, site: URL): string {
  if (section.groups.length === 0) {
    return toHtml(h('p', section.previous ? 'No changes to operations or models.' : 'The first release.'));
  }
  return toHtml(
    section.groups.flatMap((group) => [
      h('h3', `${group.title} (${group.count})`),
      h(
        'ul',
        group.items.map(({ target, changes }) => {
          const label = target.call && target.call !== target.label ? `${target.label} (${target.call})` : target.label;
          const name = target.href ? h('a', { href: new URL(target.href, site).href }, label) : label;
          const what = changes.flatMap((change, index) => [
            ...(index > 0 ? ['; '] : []),
            ...summaryHtml(change.summary),
            ...(change.sunset ? [`; sunset ${change.sunset}`] : []),
          ]);
          return h('li', [name, ': ', ...what]);
        }),
      ),
    ]),
  );
}

const summaryHtml = (summary: string): (ElementContent | string)[] =>
  summaryParts(summary).map((part) => (part.code ? h('code', part.text) : part.text));
