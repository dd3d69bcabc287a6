/**
 * A tag page's outline: the group it is part of, its description (on its overview) or the way back to the overview
 * (on a further page of a long tag), and its operations with the pages they are on. The view renders it, and the
 * table of contents and the Markdown twin are derived from it, so the three cannot disagree about the page.
 * Pure: the model in, the plan out.
 */
import type { ApiModel, ApiTag, ApiTagGroup } from '../../openapi/index.ts';
import { markdownHeadings } from '../../render/markdown.ts';
import { referenceUrls, type TagListingPage, tagLabel } from '../routes.ts';
import { type OperationItem, operationItems } from './operation-items.ts';
import type { DescribedText, OutlineSection, PageOutlineHeading } from './outline-sections.ts';

/** The prefix of the ids of a tag description's headings: theirs cannot clash with the page's own (`operations`). */
export const tagHeadingIds = 'about-';

export interface TagOutline {
  /** The label of the group the tag is part of, where that is not the tag alone. */
  partOf?: string;
  /** On the overview: the tag's description, whose headings are the page's. */
  description?: DescribedText;
  externalDocs?: { url: string; text: string };
  /** On a further page of a long tag: the overview it belongs to. */
  overview?: { href: string; label: string };
  operations?: OutlineSection & {
    /** Where they are on several pages: what the list says of itself, and every page by its first and last. */
    pages?: { caption: string; pages: { first: string; last: string; href: string }[]; current: number };
    operations: OperationItem[];
  };
}

export function tagOutline(
  model: ApiModel,
  tag: ApiTag,
  group: ApiTagGroup | undefined,
  listing: TagListingPage,
): TagOutline {
  const urls = referenceUrls(model);
  const first = listing.number === 1;
  return {
    ...(group && !group.implicit && group.name !== tag.name && { partOf: tagLabel(group) }),
    ...(first && tag.description && { description: { text: tag.description, headingIds: tagHeadingIds } }),
    ...(first &&
      tag.externalDocs && {
        externalDocs: { url: tag.externalDocs.url, text: tag.externalDocs.description ?? 'More about this' },
      }),
    ...(!first && { overview: { href: urls.tag(tag), label: tagLabel(tag) } }),
    ...(listing.operations.length > 0 && {
      operations: {
        id: 'operations',
        title: 'Operations',
        ...(listing.pages.length > 1 && {
          pages: {
            caption: `${listing.total.toLocaleString('en')} operations, in the description's order on ${listing.pages.length} pages:`,
            pages: listing.pages.map((page, i) => ({ ...page, href: urls.tagPage(tag, i + 1) })),
            current: listing.number,
          },
        }),
        operations: operationItems(model, listing.operations),
      },
    }),
  };
}

/** The page's table of contents: a tag's description may be a long introduction (DigitalOcean's runs to pages). */
export function tagHeadings(outline: TagOutline): PageOutlineHeading[] {
  return [
    ...(outline.description
      ? markdownHeadings(outline.description.text, {
          highestHeading: 2,
          headingIds: outline.description.headingIds,
        }).map((h) => ({ depth: h.depth, id: h.slug, title: h.text }))
      : []),
    ...(outline.operations ? [{ depth: 2, id: outline.operations.id, title: outline.operations.title }] : []),
  ];
}
