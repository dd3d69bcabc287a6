/** The MCP server's settings for the description the site is built from, as both of its entry points read them. */
import type { ApiModel } from '../openapi/index.ts';
import { twinInputs } from '../publishing/twin-inputs.ts';
import { useSiteUrl } from '../reference/shared/description-address.ts';
import { hostedSandboxUrl, localSandboxUrl, sandboxAddress } from '../site/console-sandbox.ts';
import { loadPortalConfig, siteUrl } from '../site/portal-config.ts';
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

type Env = Record<string, string | undefined>;

/**
 * Where `call_sandbox` sends over stdio: `--sandbox-url` (`flag`), else the hosted sandbox the portal is built with
 * (SANDBOX_URL), else the local one `npm run sandbox` starts. Never a server the description names: a description
 * is untrusted, and its sandbox server could be any address, this machine's or its network's included.
 */
export function stdioSandboxUrl(flag: string | undefined, env: Env = process.env): string {
  if (flag === undefined) return hostedSandboxUrl(env) ?? localSandboxUrl(env);
  return sandboxAddress(flag, '--sandbox-url', "the sandbox's address, for example http://localhost:4010");
}
