/**
 * Site paths under the configured base path (`astro build --base /docs`), so
 * the portal works at the root of a domain or below it. In pages and
 * components Vite provides the base; elsewhere (config time, unit tests) it is "/".
 */
export function sitePath(path: string): string {
  const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
