/**
 * A site of several APIs (portal.json's `apis`) has one sandbox service for all of them (`main.ts`): each API's
 * sandbox app below `/<id>` (`http://localhost:4010/trains/stations`), with its own store (keys, data and counts),
 * its own pass-through at `/<id>/proxy`. The docs' MCP server stays at the root (`/mcp`), and so does the health
 * check, which answers for every API's store.
 *
 * An app mounted below `/<id>` routes the path under it (its routes are the description's paths, as at the root),
 * and keeps the request's whole URL for what it writes back: Location and Link headers, and messages, name the
 * prefixed path the client called.
 */
import type { HttpBindings } from '@hono/node-server';
import { getPath } from 'hono/utils/url';

/** Where an API's sandbox is served in a site of several: `/<id>`; `''` for a one-API site's, at the root. */
export const mountPath = (id: string | undefined): string => (id === undefined ? '' : `/${id}`);

/**
 * The Hono options of an app mounted at `mountedAt`: it routes a request by its path below that prefix. Empty at the
 * root (`''` or unset), where the app is made as it always was.
 */
export function mountedRouting(mountedAt: string | undefined): { getPath?: (request: Request) => string } {
  if (!mountedAt) return {};
  return { getPath: (request) => below(getPath(request), mountedAt) ?? getPath(request) };
}

/** `pathname` below `prefix` (`/trains/stations` below `/trains` is `/stations`), undefined when not under it. */
export function below(pathname: string, prefix: string): string | undefined {
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}

export type ServiceFetch = (request: Request, env?: HttpBindings) => Response | Promise<Response>;

/** One API of the service: its id, and what answers below its prefix (its app, its pass-through). */
export interface MountedApi {
  id: string;
  fetch: ServiceFetch;
}

/**
 * The fetch of a service of several APIs: each request below `/<id>` goes to that API's `fetch`; any other to
 * `rest` (the root's own paths: `/mcp`, the health check), and what that does not answer is a 404 naming the APIs.
 */
export function serveApis(apis: readonly MountedApi[], rest: ServiceFetch): ServiceFetch {
  const byId = new Map(apis.map((api) => [api.id, api]));
  return (request, env) => {
    const { pathname } = new URL(request.url);
    const segment = /^\/([^/]+)/.exec(pathname)?.[1];
    const api = segment === undefined ? undefined : byId.get(segment);
    return api ? api.fetch(request, env) : rest(request, env);
  };
}

/** The 404 of a path below no API's prefix: JSON, as the sandbox's other refusals, naming where each API is. */
export function noApiAt(pathname: string, ids: readonly string[]): Response {
  const listed = ids.slice(0, 10).map((id) => `/${id}/`);
  const more = ids.length > listed.length ? `, and ${ids.length - listed.length} more` : '';
  const message = `No API is at ${pathname.slice(0, 200)}: this sandbox serves each API below its own path, ${listed.join(', ')}${more}.`;
  return Response.json(
    { code: 'route_not_found', message, status: 404 },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  );
}
