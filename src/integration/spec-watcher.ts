/**
 * `astro dev` and an edited description. This plugin watches the description (file by file, for one in several
 * files; every API's, in a site of several) and its site config, and checks a saved version before the site takes it in. A good save is taken in
 * where the server runs: the pages' model and what is derived from it are made again on their next request
 * (`data/per-description.ts`), Astro's cached page list is dropped (an added operation has a page at once), and the
 * open tabs reload where the reader was (`live-description.ts`). Only a save that changes what Starlight's
 * configuration holds (the site's title and meta description, the guides' compact sidebar) restarts Astro, by
 * announcing a change to a stand-in path Astro watches: a restart took seconds, and a tab waited for it. A broken
 * save prints our report once, shows it in the open tabs' error overlay, and the site keeps serving the last version
 * that built; the next good save brings the tabs back.
 */
import { statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { stringifyEntities } from 'stringify-entities';
import type { Plugin, ViteDevServer } from 'vite';
import { nextDescriptionVersion } from '../data/per-description.ts';
import { formatProblems, type SpecProblem } from '../openapi/index.ts';
import { portalConfigPath } from '../site/portal-config.ts';

/** Settled once Astro's dev app on a (re)started server is ready (astro/dist/core/constants.js). */
const appReady = Symbol.for('astro.devServerAppReady');

/**
 * Saves closer together than this are checked once: editors often write a file in several steps (truncate, then
 * write), milliseconds apart, and a large file is written in pieces. A reader waits this long on every save; 150 ms
 * was a sixth of the Pet Store's whole save-to-tab time (`npm run bench:dev`). The files must also be as they were
 * when the wait began, and still be so once read (`check`); a later save's check supersedes one still running.
 */
const settleMs = 50;

/** The path whose (announced) change restarts Astro: `addWatchFile` it. Nothing is written there. */
export function restartSignalFor(file: string): string {
  return `${path.resolve(file)}.checked`;
}

/** What identifies one version of the file on disk: its modification time and size ('' when it is missing). */
export function fileStamp(file: string): string {
  try {
    const { mtimeMs, size } = statSync(file);
    return `${mtimeMs}:${size}`;
  } catch {
    return '';
  }
}

/** What identifies one version of a description's files: each file's `fileStamp`, in order. */
export function descriptionStamp(files: readonly string[]): string {
  return files.map(fileStamp).join('|');
}

/** The files of the version the site was just built from, the root first, and their `descriptionStamp`. */
export interface LoadedDescription {
  files: readonly string[];
  stamp: string;
  /** What Starlight's configuration holds of it (`configShape` of its model): a save that changes it restarts. */
  config?: string;
}

/**
 * Checks the site's descriptions as they are now (a SpecError for one that does not load): their files, and what
 * Starlight's configuration takes from them, as text to compare; it may throw a report of its own (an unreadable
 * site config).
 */
export type CheckSite = () => Promise<{ files: readonly string[]; config: string }>;

/**
 * `loaded`: the version the site was just built from. A save made while Astro restarted reaches no watcher (the old
 * one is closed, the new one not yet listening), so a new server compares and checks.
 */
export function specWatcherPlugin(file: string, loaded: LoadedDescription, checkSite: CheckSite): Plugin {
  const watched = path.resolve(file);
  const portal = portalConfigPath(file);
  return {
    name: 'petstore:spec-watcher',
    apply: 'serve',
    configureServer(server) {
      let reported = '';
      let latest = 0;
      let timer: NodeJS.Timeout | undefined;
      // Every file of the description; a check that loads tells which files the edited version has.
      const files = new Set([watched, portal]);
      const watch = (list: readonly string[]) => {
        for (const each of list.map((f) => path.resolve(f))) {
          if (files.has(each)) continue;
          files.add(each);
          server.watcher.add(each);
        }
      };
      const report = (text: string) => {
        // The same report again (a save with no fix) is not printed twice; the overlay shows it either way.
        if (text !== reported) writeSync(2, `${text}\n`);
        reported = text;
        for (const tab of server.ws.clients) tab.send(overlayPayload(text));
      };
      // A tab opened while the description is broken shows the report too.
      server.ws.on('connection', (socket) => reported && socket.send(JSON.stringify(overlayPayload(reported))));
      const check = async () => {
        // Only the newest save's check acts: an older one finishing later must not restart or report.
        const generation = ++latest;
        const stamp = descriptionStamp([...files]);
        const outcome = await checkSite().then(
          (site) => {
            watch(site.files);
            return { config: site.config };
          },
          (error: unknown) => error,
        );
        if (generation !== latest) return;
        // Written further while it was read (a large file is written in pieces, and the watcher does not announce
        // every one): what was read may be half a file, so the version on disk now is checked instead.
        if (descriptionStamp([...files]) !== stamp) return schedule();
        if (isSpecError(outcome)) {
          report(formatProblems(outcome.file, outcome.problems, 'dev'));
        } else if (!isShape(outcome)) {
          // An unreadable site config names itself and its place; anything else is the checker's own failure.
          if (outcome instanceof Error && outcome.name === 'SiteConfigError') report(outcome.message);
          else server.config.logger.error(`Checking ${file} failed: ${String(outcome)}`);
        } else if (outcome.config !== loaded.config) {
          // Not while Astro is still setting up this server's app: a restart then closes the module runner under
          // it ("Failed to create the dev server app"). Astro marks that moment with a promise on the server.
          await appReadyOn(server);
          if (generation !== latest) return;
          reported = '';
          server.watcher.emit('change', restartSignalFor(watched));
        } else {
          const repaired = reported !== '';
          reported = '';
          takeIn(server);
          server.config.logger.info(`${repaired ? 'Fixed: ' : ''}${path.basename(file)} updated in place.`, {
            timestamp: true,
          });
        }
      };
      // Checked once the files have stayed as they are for settleMs: the watcher does not announce every piece of a
      // large file written in pieces (13 MB of GitHub's description), and half a file read costs a whole check.
      const schedule = () => {
        clearTimeout(timer);
        const stamp = descriptionStamp([...files]);
        timer = setTimeout(() => (descriptionStamp([...files]) === stamp ? void check() : schedule()), settleMs);
      };
      // Also reaches a description outside the project, which Vite does not watch on its own.
      server.watcher.add(watched);
      watch(loaded.files);
      server.watcher.on('change', (changed) => files.has(path.resolve(changed)) && schedule());
      // Saved by replacing the file (some editors; git checkout).
      server.watcher.on('add', (added) => files.has(path.resolve(added)) && schedule());
      server.watcher.on('unlink', (removed) => {
        const gone = path.resolve(removed);
        // Another file of the description: the check names the `$ref` that now leads nowhere.
        if (gone !== watched && files.has(gone)) schedule();
        if (gone !== watched) return;
        clearTimeout(timer);
        latest++;
        report(`The API description ${file} was removed; the site shows the last version that built until it is back.`);
      });
      // A restart replaces this server: a check still pending here must not act on the next one.
      server.httpServer?.once('close', () => {
        clearTimeout(timer);
        latest++;
      });
      // Compared once the server is up: by then its watcher listens, so no save falls between the two.
      void appReadyOn(server).then(() => descriptionStamp(loaded.files) !== loaded.stamp && schedule());
    },
  };
}

/**
 * The report as Astro's error overlay shows it. Sent to each open tab, not through `server.ws.send`: Astro takes an
 * error sent there for a page that failed to render, and reloads every tab at the next file change. That change is
 * the save that fixes the description, so the tab reloaded from the server the restart was about to close, and
 * stayed half-wired: its styles and scripts refused, its websocket turned away by the new server.
 */
export function overlayPayload(report: string): { type: 'error'; err: { message: string; stack: string } } {
  // The overlay writes the message as HTML: the report is escaped (it quotes the description, which is untrusted)
  // and the overlay's Stack Trace box, always drawn and empty here since a report has no stack, is hidden.
  const message = `${stringifyEntities(report, { escapeOnly: true })}<style>#stack{display:none}</style>`;
  return { type: 'error', err: { message, stack: '' } };
}

/**
 * The checked version in use: pages load it on their next request, Astro's cache of each route's pages
 * (`getStaticPaths`) is dropped, as Astro drops it for a content change, and open tabs reload, where the reader
 * was (live-description.ts).
 */
function takeIn(server: ViteDevServer): void {
  nextDescriptionVersion();
  for (const [name, environment] of Object.entries(server.environments)) {
    if (name !== 'client') environment.hot.send('astro:content-changed', {});
  }
  server.environments.client.hot.send({ type: 'full-reload', path: '*' });
}

function isShape(outcome: unknown): outcome is { config: string } {
  return typeof outcome === 'object' && outcome !== null && 'config' in outcome;
}

/** Settles when Astro's app on this server is ready (at once if Astro did not say). */
async function appReadyOn(server: ViteDevServer): Promise<void> {
  await (server as unknown as Record<symbol, Promise<void> | undefined>)[appReady];
}

/** A SpecError, by name: the loader the pages bundle has its own copy of the class, so `instanceof` can miss it. */
function isSpecError(error: unknown): error is Error & { file: string; problems: readonly SpecProblem[] } {
  return error instanceof Error && error.name === 'SpecError' && 'problems' in error && 'file' in error;
}
