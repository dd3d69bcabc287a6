/**
 * The site's own sidebar entries. The reference's entries follow them: the
 * API reference plugin appends its compact form to Starlight's config (for
 * guides and the home page), and each reference page passes the whole
 * sidebar as it sees it (see `reference/navigation.ts`).
 */
import type { StarlightUserConfig } from '@astrojs/starlight/types';

export const siteSidebar = [
  { label: 'Overview', link: '/' },
  { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
] satisfies NonNullable<StarlightUserConfig['sidebar']>;
