/**
 * The site's own sidebar entries. The reference's entries follow them: the
 * API reference plugin appends its compact form to Starlight's config (for
 * guides and the home page), and each reference page passes the whole
 * sidebar as it sees it (see `reference/navigation.ts`). The changelog is
 * listed when the description has releases (it is built only then).
 */
import type { StarlightUserConfig } from '@astrojs/starlight/types';
import { hasReleases } from '../changes/releases.ts';
import { type ApiModel, resolveSpecPath } from '../openapi/index.ts';
import { changelogPath } from '../reference/changelog-sections.ts';
import { referenceSidebar } from '../reference/navigation.ts';

export const siteSidebar = [
  { label: 'Overview', link: '/' },
  { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
  ...(hasReleases(resolveSpecPath(process.cwd())) ? [{ label: 'Changelog', link: changelogPath }] : []),
] satisfies NonNullable<StarlightUserConfig['sidebar']>;

/**
 * The whole sidebar of a page outside the reference (the changelog, the 404 page), for `<StarlightPage sidebar>`.
 * Without the prop Starlight gives every such page one shared sidebar and marks the current page in it after an
 * await; with pages built eight at a time, the 404 page came out with the changelog marked as current.
 */
export function sidebarOutsideReference(model: ApiModel) {
  return [...siteSidebar, ...referenceSidebar(model)];
}
