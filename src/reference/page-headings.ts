/** The table of contents of each kind of reference page, matching the ids its view renders. */
import type { ReferenceRoute } from './routes.ts';
import { statusText } from './status-text.ts';

export interface PageHeading {
  depth: number;
  slug: string;
  text: string;
}

export function pageHeadings(route: ReferenceRoute): PageHeading[] {
  switch (route.type) {
    case 'introduction':
      return [
        { depth: 2, slug: 'downloads', text: 'Downloads' },
        { depth: 2, slug: 'groups', text: 'Operations by group' },
        { depth: 2, slug: 'servers', text: 'Servers' },
        { depth: 2, slug: 'authentication', text: 'Authentication' },
        ...(route.hasRateLimits ? [{ depth: 2, slug: 'rate-limits', text: 'Rate limits' }] : []),
        { depth: 2, slug: 'about', text: 'About this API' },
      ];
    case 'tag':
      return [{ depth: 2, slug: 'operations', text: 'Operations' }];
    case 'operation': {
      const { operation } = route;
      const locations = ['path', 'query', 'header', 'cookie'].filter((where) =>
        operation.parameters.some((p) => p.in === where),
      );
      return [
        { depth: 2, slug: 'request', text: 'Request' },
        { depth: 3, slug: 'authentication', text: 'Authentication' },
        ...locations.map((where) => ({
          depth: 3,
          slug: `${where}-parameters`,
          text: `${where[0]?.toUpperCase()}${where.slice(1)} parameters`,
        })),
        ...(operation.requestBody ? [{ depth: 3, slug: 'request-body', text: 'Request body' }] : []),
        { depth: 2, slug: 'responses', text: 'Responses' },
        ...operation.responses.map((r) => ({
          depth: 3,
          slug: `response-${r.status}`,
          text: `${r.status} ${statusText(r.status)}`.trim(),
        })),
        { depth: 2, slug: 'code-samples', text: 'Code samples' },
      ];
    }
    case 'schema':
      return [{ depth: 2, slug: 'fields', text: 'Fields' }];
    case 'schemas':
    case 'errors':
      return [];
  }
}
