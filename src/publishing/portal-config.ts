/**
 * The site config of the description being built: `portal.json` beside it (`PETSTORE_PORTAL` names another file).
 * The Pet Store's is `spec/portal.json`. A description without one gets a site with no domain, redirects or CNAME
 * of its own, and without the Pet Store's own guides; its absolute links use SITE_URL, else a placeholder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineSiteConfig, type SiteConfig, SiteConfigError } from './site-config.ts';

type Env = Record<string, string | undefined>;

/** What absolute links use when neither SITE_URL nor the config gives the site's address: reserved, never real. */
export const placeholderSiteUrl = 'https://portal.invalid';

export function portalConfigPath(specPath: string, env: Env = process.env): string {
  return env.PETSTORE_PORTAL ? path.resolve(env.PETSTORE_PORTAL) : path.join(path.dirname(specPath), 'portal.json');
}

export function loadPortalConfig(specPath: string, env: Env = process.env): SiteConfig {
  const file = portalConfigPath(specPath, env);
  if (!existsSync(file)) {
    if (env.PETSTORE_PORTAL) throw new SiteConfigError([`${file}: it does not exist (named by PETSTORE_PORTAL)`]);
    return defineSiteConfig({});
  }
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SiteConfigError([`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  try {
    return defineSiteConfig(input as Parameters<typeof defineSiteConfig>[0]);
  } catch (error) {
    if (error instanceof SiteConfigError) throw new SiteConfigError(error.problems.map((p) => `${file}: ${p}`));
    throw error;
  }
}

/** The site's public address: SITE_URL, else the config's canonical domain, else the placeholder. */
export function siteUrl(config: SiteConfig, env: Env = process.env): { url: string; placeholder: boolean } {
  if (env.SITE_URL) return { url: env.SITE_URL, placeholder: false };
  if (config.canonicalDomain) return { url: `https://${config.canonicalDomain}`, placeholder: false };
  return { url: placeholderSiteUrl, placeholder: true };
}
