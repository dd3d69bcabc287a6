/** The site's APIs as the reference publishes them (`reference/page-props.ts`'s ApiReference): versions and changelog. */
import { type ApiReference, sidebarApi } from '../reference/page-props.ts';
import type { SidebarApi } from '../reference/site-lists/site-sidebar.ts';
import { getChangelogs } from './changelog.ts';
import { perDescription } from './per-description.ts';
import { getSiteApis } from './reference-versions.ts';

export const getApiReferences: () => Promise<ApiReference[]> = perDescription(async () => {
  const [sites, changelogs] = await Promise.all([getSiteApis(), getChangelogs()]);
  return sites.map(({ api, versions }, i) => ({ id: api.id, versions, changelog: changelogs[i] }));
});

/** The site's APIs as the sidebar lists them, for pages outside the reference. */
export const getSidebarApis = (): Promise<SidebarApi[]> => getApiReferences().then((apis) => apis.map(sidebarApi));
