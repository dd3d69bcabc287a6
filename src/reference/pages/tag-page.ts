/** A tag's overview (its description and operations), or a further page of a long tag's operations. */

import { referenceUrls } from '../routes.ts';
import { tagMarkdown } from '../twins/page-markdown.ts';
import { asPageHeadings, type PageKind } from './page-kind.ts';
import { type TagOutline, tagHeadings, tagOutline } from './tag-outline.ts';

export const tagPage: PageKind<'tag', TagOutline, { name: string }, { outline: TagOutline }> = {
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
