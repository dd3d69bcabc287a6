/**
 * `astro dev` and an edited description. Astro restarts the whole dev server when a watched file changes, and a
 * description that then fails to load came back as Astro's "An unhandled error occurred while running the
 * astro:config:setup hook" plus our report, a misleading hint and a stack trace. So the description is not one of
 * Astro's watched files: this plugin watches it, checks it on each change, and only then asks for the restart (by
 * a change to a stand-in path Astro does watch). A broken description prints our report once, shows it in the
 * browser's error overlay, and the site keeps serving the last version that built.
 */
import { writeSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { formatProblems, loadApiModel, SpecError } from '../openapi/index.ts';

/** The path whose (announced) change restarts Astro: `addWatchFile` it. Nothing is written there. */
export function restartSignalFor(file: string): string {
  return `${file}.checked`;
}

export function specWatcherPlugin(file: string): Plugin {
  const watched = path.resolve(file);
  return {
    name: 'petstore:spec-watcher',
    apply: 'serve',
    configureServer(server) {
      // Also reaches a description outside the project, which Vite does not watch on its own.
      server.watcher.add(watched);
      let reported = '';
      server.watcher.on('change', async (changed) => {
        if (path.resolve(changed) !== watched) return;
        try {
          await loadApiModel(file);
        } catch (error) {
          if (!(error instanceof SpecError)) throw error;
          const report = formatProblems(error.file, error.problems, 'dev');
          // The same report again (a save with no fix) is not printed twice; the overlay shows it either way.
          if (report !== reported) writeSync(2, `${report}\n`);
          reported = report;
          server.ws.send({ type: 'error', err: { message: report, stack: '' } });
          return;
        }
        reported = '';
        server.watcher.emit('change', restartSignalFor(watched));
      });
    },
  };
}
