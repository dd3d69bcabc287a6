/**
 * The guides as `search_docs` searches them: the site's guide outline (publishing/guide-outline.ts), the guides it
 * ships in reading order, each by its title, its one-line description, its headings and its prose, linked by its
 * Markdown twin. Components the MDX renders (a table drawn from the description) are left out: the reference pages
 * they draw from are searched on their own.
 */
import type { ApiModel } from '../openapi/index.ts';
import { guideOutline, guidesFolder } from '../publishing/guide-outline.ts';
import type { SiteConfig } from '../site/site-config.ts';
import type { SearchedPage } from './docs.ts';

/** The guides this site ships, as pages to search, linked by their Markdown twins' site paths. */
export function searchableGuides(model: ApiModel, config: SiteConfig, folder = guidesFolder): SearchedPage[] {
  return guideOutline(model, config, folder).map((guide) => ({
    title: guide.title,
    path: guide.twinPath,
    text: [`${guide.title}: a guide.`, guide.description ?? '', ...guide.headings.map(sentence), guide.prose].join(' '),
  }));
}

/** A heading as a sentence of the searched text. */
const sentence = (heading: string) => (/[.?!:]$/.test(heading) ? heading : `${heading}.`);
