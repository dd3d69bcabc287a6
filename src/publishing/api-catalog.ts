/**
 * `/.well-known/api-catalog` (RFC 9727): a linkset (RFC 9264, `application/linkset+json`) that lets a machine find,
 * from the portal's domain, the API, its description (`service-desc`), its documentation (`service-doc`) and its
 * changelog and feed (`service-meta`, RFC 8631: information about the service, here its versions).
 */

export const apiCatalogPath = '/.well-known/api-catalog';
export const apiCatalogContentType = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

export interface ApiCatalogInput {
  /** The API's address (its first http(s) server that is not the sandbox), else the reference's page. */
  anchor: string;
  descriptions: { href: string; type: string }[];
  docs: string;
  /** The changelog page and its feed, when the description has releases. */
  changelog?: { page: string; feed: string };
  title: string;
}

interface Link {
  href: string;
  type?: string;
  title?: string;
}

export function apiCatalog(input: ApiCatalogInput): string {
  const context: Record<string, string | Link[]> = {
    anchor: input.anchor,
    'service-desc': input.descriptions.map(({ href, type }) => ({ href, type, title: `${input.title} (OpenAPI)` })),
    'service-doc': [{ href: input.docs, type: 'text/html', title: `${input.title} reference` }],
  };
  if (input.changelog) {
    context['service-meta'] = [
      { href: input.changelog.page, type: 'text/html', title: `${input.title} changelog` },
      { href: input.changelog.feed, type: 'application/atom+xml', title: `${input.title} changelog (Atom)` },
    ];
  }
  return `${JSON.stringify({ linkset: [context] }, null, 2)}\n`;
}
