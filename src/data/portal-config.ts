/** The site config (`portal.json` beside the description) for pages and components: read once per build. */
import { resolveSpecPath } from '../openapi/index.ts';
import { loadPortalConfig } from '../publishing/portal-config.ts';
import type { SiteConfig } from '../publishing/site-config.ts';

let config: SiteConfig | undefined;

export function getPortalConfig(): SiteConfig {
  config ??= loadPortalConfig(resolveSpecPath(process.cwd()));
  return config;
}
