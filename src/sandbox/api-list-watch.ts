/**
 * `npm run sandbox -- --watch` (as `npm run dev` runs it) in a site of several APIs: the service's paths, stores and
 * MCP server are made for the APIs portal.json listed at start, and each of their descriptions is followed. A save
 * of portal.json that changes that list is said at once, with what to do, rather than left to show as 404s below a
 * new API's path.
 */
import type { PortalApi } from '../site/portal-apis.ts';
import { SiteConfigError } from '../site/site-config.ts';
import { type DescriptionWatch, watchDescription } from './description-watch.ts';

/** An API as the service serves it: its path and its description. */
const served = (api: PortalApi) => `${api.id ?? ''}\n${api.specPath}`;

/** What to say when portal.json lists `now` while the service serves `started`; undefined when they agree. */
export function apiListChange(started: readonly PortalApi[], now: readonly PortalApi[]): string | undefined {
  const before = new Set(started.map(served));
  const after = new Set(now.map(served));
  if (before.size === after.size && [...before].every((api) => after.has(api))) return undefined;
  const paths = (list: readonly PortalApi[]) => list.map((api) => `/${api.id ?? ''}/`).join(', ');
  const added = now.filter((api) => !before.has(served(api)));
  const gone = started.filter((api) => !after.has(served(api)));
  const what = [added.length > 0 && `added ${paths(added)}`, gone.length > 0 && `gone ${paths(gone)}`].filter(Boolean);
  return `portal.json lists other APIs now (${what.join('; ')}); the sandbox serves the ones it started with. Restart npm run dev (or npm run sandbox) to serve the new list.`;
}

/**
 * Watches portal.json (`configFile`) and says (`say`) when the list of APIs it gives (`listNow`, which throws a
 * SiteConfigError for a portal.json that is not valid) changes from `started`, and when it is back.
 */
export function watchApiList(
  configFile: string,
  started: readonly PortalApi[],
  listNow: () => readonly PortalApi[],
  say: (line: string) => void,
): DescriptionWatch {
  // What was said last: the list's change, undefined while it agrees, or the problem with the file.
  let said: string | undefined;
  return watchDescription([configFile], () => {
    let change: string | undefined;
    try {
      change = apiListChange(started, listNow());
    } catch (error) {
      // Not valid, or caught mid-save (a file replaced between two reads): said, and the service goes on as it is.
      said = error instanceof SiteConfigError ? error.message : `portal.json could not be read: ${String(error)}`;
      say(said);
      return;
    }
    if (change === said) return;
    say(change ?? 'portal.json lists the APIs the sandbox serves again.');
    said = change;
  });
}
