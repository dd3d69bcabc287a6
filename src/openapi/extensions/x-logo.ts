/**
 * `x-logo` on the description's `info` (Redoc's): `{ url, altText?, backgroundColor?, href? }`. Another tool's
 * extension, so it is read leniently: a value of the wrong shape is no logo, never an error. Only its `url` is
 * used: the site's title is the logo's text, and its header has its own colours and link.
 */

/** Where the description says its logo is: a path beside it or an address, as written. */
export function readXLogo(info: unknown): string | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const logo = (info as Record<string, unknown>)['x-logo'];
  if (typeof logo !== 'object' || logo === null) return undefined;
  const url = (logo as Record<string, unknown>).url;
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : undefined;
}
