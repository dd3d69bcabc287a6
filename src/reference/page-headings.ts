/**
 * The table of contents of each kind of reference page, matching the ids its view renders. An operation page's
 * comes from its outline (`operation-outline.ts`), the same plan its view renders from.
 */
import { markdownHeadings } from '../render/markdown.ts';
import { type OperationOutline, outlineHeadings } from './operation-outline.ts';
import type { ReferenceRoute } from './routes.ts';

/** The prefix of the ids of a tag description's headings: theirs cannot clash with the page's own (`operations`). */
export const tagHeadingIds = 'about-';

/** The same for the API's description, under the introduction's "About this API" (whose own id is `about`). */
export const aboutHeadingIds = 'about-api-';
/** And for its own sections on authentication and rate limits, shown in the generated sections of those names. */
export const authenticationHeadingIds = 'authentication-';
export const rateLimitHeadingIds = 'rate-limits-';

export interface PageHeading {
  depth: number;
  slug: string;
  text: string;
}

/** The page's headings; an operation route needs its outline. */
export function pageHeadings(route: ReferenceRoute, outline?: OperationOutline): PageHeading[] {
  switch (route.type) {
    case 'introduction':
      return [
        ...(route.shows.reading ? [{ depth: 2, slug: 'reading', text: 'Reading an operation page' }] : []),
        { depth: 2, slug: 'downloads', text: 'Downloads' },
        ...(route.shows.groups ? [{ depth: 2, slug: 'groups', text: 'Operations by group' }] : []),
        ...(route.shows.servers ? [{ depth: 2, slug: 'servers', text: 'Servers' }] : []),
        ...(route.shows.authentication ? [{ depth: 2, slug: 'authentication', text: 'Authentication' }] : []),
        ...(route.shows.authentication && route.parts.authentication
          ? markdownHeadings(route.parts.authentication, { highestHeading: 3, headingIds: authenticationHeadingIds })
          : []),
        ...(route.shows.rateLimits ? [{ depth: 2, slug: 'rate-limits', text: 'Rate limits' }] : []),
        ...(route.shows.rateLimits && route.parts.rateLimits
          ? markdownHeadings(route.parts.rateLimits, { highestHeading: 3, headingIds: rateLimitHeadingIds })
          : []),
        { depth: 2, slug: 'about', text: 'About this API' },
        ...(route.parts.about
          ? markdownHeadings(route.parts.about, { highestHeading: 3, headingIds: aboutHeadingIds })
          : []),
      ];
    case 'tag':
      return [
        // A tag's description may be a long introduction (DigitalOcean's runs to pages): its sections are listed too.
        // Only the overview, the first of a tag's pages, shows it.
        ...(route.tag.description && route.listing.number === 1
          ? markdownHeadings(route.tag.description, { highestHeading: 2, headingIds: tagHeadingIds })
          : []),
        ...(route.listing.operations.length > 0 ? [{ depth: 2, slug: 'operations', text: 'Operations' }] : []),
      ];
    case 'operation':
      if (!outline) throw new Error(`pageHeadings: the operation ${route.operation.operationId} needs its outline`);
      return outlineHeadings(outline).map(({ depth, id, title }) => ({ depth, slug: id, text: title }));
    case 'schema':
      return [{ depth: 2, slug: 'fields', text: 'Fields' }];
    case 'schemas':
    case 'errors':
      return [];
  }
}
