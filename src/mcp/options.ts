/** The MCP server's settings for the description the site is built from, as both of its entry points read them. */
import type { ApiModel } from '../openapi/index.ts';
import { loadPortalConfig, siteUrl } from '../publishing/portal-config.ts';
import { twinInputs } from '../publishing/twin-inputs.ts';
import { useSiteUrl } from '../reference/description-address.ts';
import { searchableGuides } from './guides.ts';
import type { McpOptions } from './server.ts';

/**
 * Links to the published site (`SITE_URL`, else the site config's domain), the twins' inputs, the guides the site
 * ships, the sandbox to call.
 */
export async function mcpOptions(
  model: ApiModel,
  specPath: string,
  sandboxUrl: string | undefined,
): Promise<McpOptions> {
  const config = loadPortalConfig(specPath);
  const site = siteUrl(config).url;
  // The operation twins' samples resolve a server without a host against the site, as the pages do.
  useSiteUrl(site);
  return {
    inputs: await twinInputs(model, false),
    absolute: (path) => new URL(path, site).href,
    guides: searchableGuides(model, config),
    sandboxUrl,
    version: model.info.version,
  };
}
