/**
 * Bundles the live console (src/console/console-session.ts: Scalar's client,
 * Vue, our additions, ~3 MB) with esbuild, once per build, outside Astro's
 * Vite pipeline: there it cost every build ~4 s and ~650 MB of memory,
 * although it never depends on the spec. Pages get its URL from the virtual
 * module `virtual:petstore/console` and import it on the first Try-it click.
 * The files are served under `<base>/_console/` in dev and copied there by
 * the build.
 */
import { execFile } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type ConsoleBundle, consoleFolder as folder } from './console-bundle.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundler = path.join(root, 'src/integration/console-bundle.ts');
const virtualId = 'virtual:petstore/console';

/** Runs console-bundle.ts in its own Node process (see there why) and reads where it put the bundle. */
function bundleConsole(base: string): Promise<ConsoleBundle> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bundler, base], { cwd: root, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`The live console could not be bundled:\n${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as ConsoleBundle);
    });
  });
}

export function consoleBundleIntegration(): AstroIntegration {
  let bundle: Promise<ConsoleBundle> | undefined;
  return {
    name: 'petstore:console-bundle',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        bundle = bundleConsole(config.base);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'petstore:console-url',
                resolveId: (id: string) => (id === virtualId ? `\0${virtualId}` : undefined),
                load: async (id: string) =>
                  id === `\0${virtualId}`
                    ? `export const consoleModuleUrl = ${JSON.stringify((await bundle)?.moduleUrl)};`
                    : undefined,
              },
            ],
          },
        });
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (request, response, next) => {
          const ready = await bundle;
          const prefix = ready?.moduleUrl.slice(0, ready.moduleUrl.lastIndexOf('/') + 1);
          if (!ready || !prefix || !request.url?.startsWith(prefix)) return next();
          const file = path.join(ready.dir, path.basename(request.url.split('?')[0] ?? ''));
          try {
            const body = readFileSync(file);
            const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
            response.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` }).end(body);
          } catch {
            next();
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const ready = await bundle;
        if (!ready) return;
        cpSync(ready.dir, path.join(fileURLToPath(dir), folder), { recursive: true });
        logger.info(`Copied the live console to ${folder}/ (${path.basename(ready.moduleUrl)}).`);
      },
    },
  };
}
