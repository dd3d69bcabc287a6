/** The site config (`portal.json` beside the description) for pages and components: read once per build. */
import { resolveSpecPath } from '../openapi/index.ts';
import { loadPortalConfig } from '../site/portal-config.ts';
import type { SiteConfig } from '../site/site-config.ts';
import { perDescription } from './per-description.ts';

/** Read again with each version of the description: the dev server's watcher takes in a save of portal.json too. */
export const getPortalConfig: () => SiteConfig = perDescription(() => loadPortalConfig(resolveSpecPath(process.cwd())));
