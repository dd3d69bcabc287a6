/** A tag's overview (its description and operations), or a further page of a long tag's operations. */

import type { ApiTag, ApiTagGroup } from '../../openapi/index.ts';
import { referencePaths, referenceUrls, routePath, type TagListingPage, tagLabel, tagListingPages } from '../routes.ts';
import { tagMarkdown } from '../twins/page-markdown.ts';
import { asPageHeadings, type PageKind, type PageRoute } from './page-kind.ts';
import { type TagOutline, tagHeadings, tagOutline } from './tag-outline.ts';

export interface TagRoute extends PageRoute {
  type: 'tag';
  tag: ApiTag;
  group: ApiTagGroup | undefined;
  listing: TagListingPage;
}

export const tagPage: PageKind<TagRoute, TagOutline, { name: string }, { outline: TagOutline }> = {
  routes: (model) => {
    const urls = referencePaths(model);
    const groupOf = new Map(model.tagGroups.flatMap((g) => g.tags.map((t) => [t, g] as const)));
    return model.tags.flatMap((tag) =>
      tagListingPages(model, tag).map((listing) => ({
        type: 'tag' as const,
        path: routePath(urls.tagPage(tag, listing.number)),
        title:
          listing.number === 1 ? tagLabel(tag) : `${tagLabel(tag)}, page ${listing.number} of ${listing.pages.length}`,
        tag,
        group: groupOf.get(tag.name),
        listing,
      })),
    );
  },
  outline: (model, route) => tagOutline(model, route.tag, route.group, route.listing),
  headings: (outline) => asPageHeadings(tagHeadings(outline)),
  view: (_route, outline) => ({ outline }),
  twin: (model, route) => tagMarkdown(model, route),
  subject: (route) => ({ name: route.tag.name }),
  pageAbout: (model, { name }) => {
    const tag = model.tags.find((candidate) => candidate.name === name);
    return tag ? referenceUrls(model).tag(tag) : undefined;
  },
  summary: (_model, route) => ({ markdown: route.tag.description }),
  // A tag's further pages of operations are left out of search: each operation's own page is in it.
  frontmatter: (route) => (route.listing.number > 1 ? { pagefind: false } : {}),
  sidebarFocus: (route) => ({ openTags: [route.tag.name] }),
};
