/**
 * The URL links in the sandbox's answers start from (Location, Link): the request's path and query on the sandbox's
 * own public origin, never on the Host header a client chose, which would otherwise be written back into answers
 * (and into any cache between). Without a known origin (an app made in a test), the request's own.
 */
export type PublicOrigin = () => string | undefined;

export function answerUrl(requestUrl: string, publicOrigin: PublicOrigin | undefined): URL {
  const url = new URL(requestUrl);
  const origin = publicOrigin?.();
  if (!origin) return url;
  const own = new URL(origin);
  url.protocol = own.protocol;
  url.host = own.host;
  return url;
}
