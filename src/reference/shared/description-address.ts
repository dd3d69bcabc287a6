/**
 * The address the site publishes the description at (`/openapi.json` on the site's URL): what a server without a
 * host (`/v1`, or none) is relative to, for the samples and the console. Known when the build knows the site's URL
 * (SITE_URL, or the site config's domain: Astro's `site`); not when `site` is the placeholder every `.invalid` host
 * is (`site/portal-config.ts`). Pages read Astro's `site` from Vite; code that runs outside Vite's pages (the
 * build's integrations, the MCP server) is given it (`useSiteUrl`), as `site-path.ts` is given the base.
 */
import { sitePath } from '../site-path.ts';

let givenSite: string | undefined;

/** The site's URL for code that runs outside Vite's pages. */
export function useSiteUrl(site: string | undefined): void {
  givenSite = site;
}

/** `https://docs.example.com/openapi.json` (under the base path), or undefined when the site's URL is not known. */
export function publishedDescriptionUrl(
  site: string | undefined = givenSite ?? import.meta.env?.SITE,
): string | undefined {
  if (!site || !URL.canParse(site)) return undefined;
  const url = new URL(site);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // RFC 2606 reserves `.invalid` for names that never resolve: the placeholder site.
  if (/(^|\.)invalid\.?$/i.test(url.hostname)) return undefined;
  return new URL(sitePath('/openapi.json'), url).href;
}
