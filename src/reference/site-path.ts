/**
 * Site paths under the configured base path (`astro build --base /docs`), so
 * the portal works at the root of a domain or below it. In pages and
 * components Vite provides the base; at config time the build's integrations
 * give it (`useSiteBase`) before they make pages' text; elsewhere (unit tests) it is "/".
 */
let givenBase: string | undefined;

/** The base path for code that runs outside Vite's pages: the build's integrations, once Astro's config is done. */
export function useSiteBase(base: string): void {
  givenBase = base;
}

export function sitePath(path: string): string {
  const base = (givenBase ?? import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
