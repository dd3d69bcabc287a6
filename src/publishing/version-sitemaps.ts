/**
 * The sitemap of a site that publishes earlier majors: @astrojs/sitemap sorts every URL alphabetically, which put
 * `/reference/1.x/` before the current reference's pages. Here the current version's pages (guides, changelog and
 * the rest with them) are a sitemap of their own, listed first in `sitemap-index.xml`, then each earlier major's,
 * newest first. A site with one version keeps Starlight's own sitemap.
 */
import type { SitemapItem, SitemapOptions } from '@astrojs/sitemap';
import type { ReferenceVersion } from '../reference/versions.ts';

type Chunks = NonNullable<NonNullable<SitemapOptions>['chunks']>;

/**
 * The sitemap's chunks, in the order the index lists them: `current`, then one per earlier major (`1.x`). `base`
 * is the site's base path (`/`, `/docs/`).
 */
export function versionSitemapChunks(versions: readonly ReferenceVersion[], base: string): Chunks {
  const earlier = versions.filter((version) => !version.current);
  const root = base.endsWith('/') ? base : `${base}/`;
  const below = (version: ReferenceVersion) => `${root}${version.base}/`;
  const majorOf = (item: SitemapItem) => {
    const path = new URL(item.url).pathname;
    return earlier.find((version) => path.startsWith(below(version)));
  };
  return {
    current: (item) => (majorOf(item) ? undefined : item),
    ...Object.fromEntries(
      earlier.map((version) => [version.label, (item: SitemapItem) => (majorOf(item) === version ? item : undefined)]),
    ),
  };
}
