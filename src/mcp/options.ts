/** The MCP server's settings for the description the site is built from, as both of its entry points read them. */
import type { ApiModel } from '../openapi/index.ts';
import { twinInputs } from '../publishing/twin-inputs.ts';
import { loadApiOfSite } from '../reference/api-of-site.ts';
import { useSiteUrl } from '../reference/shared/description-address.ts';
import { hostedSandboxUrl, localSandboxUrl, sandboxAddress } from '../site/console-sandbox.ts';
import { portalApis } from '../site/portal-apis.ts';
import { loadPortalConfig, siteUrl } from '../site/portal-config.ts';
import { searchableGuides } from './guides.ts';
import type { McpApi, McpOptions } from './server.ts';

/**
 * The settings of a server for `model` alone, the site's one API (the sandbox service's `/mcp`, which serves one
 * description): links to the published site (`SITE_URL`, else the site config's domain), the twins' inputs, the
 * guides the site ships, the sandbox to call.
 */
export async function mcpOptions(
  model: ApiModel,
  specPath: string,
  sandboxUrl: string | undefined,
): Promise<McpOptions> {
  return optionsFor([{ id: undefined, model }], specPath, sandboxUrl);
}

/**
 * The settings of a server for every API of the site whose build description is `specPath` (a portal.json with
 * `apis`, else the description alone), each model loaded and published at its API's base, so that its links lead
 * under `/reference/<id>/`. A bad portal.json is a SiteConfigError; a bad description, a SpecError.
 */
export async function siteMcpOptions(specPath: string, sandboxUrl: string | undefined): Promise<McpOptions> {
  const apis: { id: string | undefined; model: ApiModel }[] = [];
  // One after another, as the build loads them: a site of many APIs would otherwise parse them all at once.
  for (const api of portalApis(specPath, loadPortalConfig(specPath))) {
    apis.push({ id: api.id, model: await loadApiOfSite(api) });
  }
  return optionsFor(apis, specPath, sandboxUrl);
}

async function optionsFor(
  apis: readonly { id: string | undefined; model: ApiModel }[],
  specPath: string,
  sandboxUrl: string | undefined,
): Promise<McpOptions> {
  const config = loadPortalConfig(specPath);
  const site = siteUrl(config).url;
  // The operation twins' samples resolve a server without a host against the site, as the pages do.
  useSiteUrl(site);
  const documented: McpApi[] = [];
  for (const api of apis) documented.push({ ...api, inputs: await twinInputs(api.model, false) });
  const [first] = apis;
  if (!first) throw new Error(`${specPath} documents no API.`);
  return {
    apis: documented,
    title: config.title,
    absolute: (path) => new URL(path, site).href,
    // The guides are the site's, shipped by what its first API has (as the site's guide pages are).
    guides: searchableGuides(first.model, config),
    sandboxUrl,
    version: first.model.info.version,
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
