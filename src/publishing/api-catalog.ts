/**
 * `/.well-known/api-catalog` (RFC 9727): a linkset (RFC 9264, `application/linkset+json`) that lets a machine find,
 * from the portal's domain, the API, its description (`service-desc`), its documentation (`service-doc`) and its
 * changelog and feed (`service-meta`, RFC 8631: information about the service, here its versions).
 *
 * A site of several APIs has a link context per API, each anchored at its reference's introduction (APIs of one
 * family may share a server, and an anchor names one API), with its Markdown twin and `llms.txt` as documentation
 * beside the page.
 */

export const apiCatalogPath = '/.well-known/api-catalog';
export const apiCatalogContentType = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

export interface ApiCatalogInput {
  /** The API's address (its first http(s) server that is not the sandbox), else the reference's page. */
  anchor: string;
  descriptions: { href: string; type: string }[];
  docs: string;
  /** Further documentation for machines after the page: its Markdown twin, `llms.txt` (a site of several's). */
  moreDocs?: Link[];
  /** The changelog page and its feed, when the description has releases. */
  changelog?: { page: string; feed: string };
  title: string;
}

export interface Link {
  href: string;
  type?: string;
  title?: string;
}

/** The catalog of one API: a one-API site's. */
export const apiCatalog = (input: ApiCatalogInput): string => apisCatalog([input]);

/** The catalog of a site's APIs: a link context each, in the site's order. */
export function apisCatalog(inputs: readonly ApiCatalogInput[]): string {
  return `${JSON.stringify({ linkset: inputs.map(linkContext) }, null, 2)}\n`;
}

function linkContext(input: ApiCatalogInput): Record<string, string | Link[]> {
  const context: Record<string, string | Link[]> = {
    anchor: input.anchor,
    'service-desc': input.descriptions.map(({ href, type }) => ({ href, type, title: `${input.title} (OpenAPI)` })),
    'service-doc': [
      { href: input.docs, type: 'text/html', title: `${input.title} reference` },
      ...(input.moreDocs ?? []),
    ],
  };
  if (input.changelog) {
    context['service-meta'] = [
      { href: input.changelog.page, type: 'text/html', title: `${input.title} changelog` },
      { href: input.changelog.feed, type: 'application/atom+xml', title: `${input.title} changelog (Atom)` },
    ];
  }
  return context;
}
