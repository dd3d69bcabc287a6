/**
 * A server's base URL and whether a request URL is under it: the one rule the sandbox's pass-through (which
 * refuses what is not under a listed server) and the console's wrapper (which sends only those through it) share.
 * Imports nothing, so the console's bundle can take it.
 */

/** The base form of an absolute http(s) URL without credentials: its origin and path, no trailing slash, query or fragment. */
export function baseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether `url` is at or below `base` (as `baseUrl` makes it): the same origin, and inside its path by whole segments. */
export function isUnderBase(url: URL, base: string): boolean {
  const at = new URL(base);
  if (url.origin !== at.origin) return false;
  const path = at.pathname.replace(/\/+$/, '');
  return path === '' || url.pathname === path || url.pathname.startsWith(`${path}/`);
}
