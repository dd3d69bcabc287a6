/**
 * Bundles the live console (src/console/console-session.ts: Scalar's client,
 * Vue, our additions: megabytes of code) with esbuild, once per build,
 * outside Astro's Vite pipeline: there it cost every build seconds and
 * hundreds of megabytes of memory, although it never depends on the spec. Pages get its URL from the virtual
 * module `virtual:petstore/console` and import it on the first Try-it click.
 * The files are served under `<base>/_console/` in dev and copied there by
 * the build. As it depends only on src/console, the spec module's try-it
 * rule, this bundler and the installed packages, the bundle is kept in
 * node_modules/.cache and reused while those stay the same: only the first
 * build pays for esbuild, in time and in memory beside the site's build.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type ConsoleBundle, consoleFolder as folder } from './console-bundle.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundler = path.join(root, 'src/build/console-bundle.ts');
const virtualId = 'virtual:petstore/console';

const cacheRoot = path.join(root, 'node_modules/.cache/petstore-console');

/**
 * What the bundle is made from: the base path, the console's sources (src/console, and src/openapi, whose
 * try-it rule it applies), the bundler and the installed packages.
 */
function inputsKey(base: string): string {
  const hash = createHash('sha256').update(base);
  const sources = ['src/console', 'src/openapi'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .sort()
      .map((name) => path.join(root, dir, name))
      .filter((file) => statSync(file).isFile()),
  );
  const files = [...sources, bundler, path.join(root, 'package-lock.json')];
  for (const file of files) hash.update(file).update(existsSync(file) ? readFileSync(file) : '');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The console bundle for `base`: from the cache when its inputs are unchanged, else made by running
 * console-bundle.ts in its own Node process (see there why) and then kept.
 */
async function bundleConsole(base: string): Promise<ConsoleBundle> {
  const cached = path.join(cacheRoot, inputsKey(base));
  const manifest = path.join(cached, 'bundle.json');
  if (existsSync(manifest)) {
    const { moduleUrl } = JSON.parse(readFileSync(manifest, 'utf8')) as Pick<ConsoleBundle, 'moduleUrl'>;
    return { dir: cached, moduleUrl };
  }
  const made = await new Promise<ConsoleBundle>((resolve, reject) => {
    execFile(process.execPath, [bundler, base], { cwd: root, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`The live console could not be bundled:\n${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as ConsoleBundle);
    });
  });
  try {
    // Complete or absent: the manifest goes in last, and the folder takes its name in one step.
    writeFileSync(path.join(made.dir, 'bundle.json'), JSON.stringify({ moduleUrl: made.moduleUrl }));
    cpSync(made.dir, `${cached}.partial`, { recursive: true });
    renameSync(`${cached}.partial`, cached);
    rmSync(made.dir, { recursive: true, force: true });
    return { dir: cached, moduleUrl: made.moduleUrl };
  } catch {
    // Another build may have cached the same bundle meanwhile, or the cache is not writable: use this one.
    rmSync(`${cached}.partial`, { recursive: true, force: true });
    return made;
  }
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
        cpSync(ready.dir, path.join(fileURLToPath(dir), folder), {
          recursive: true,
          filter: (source) => path.basename(source) !== 'bundle.json',
        });
        logger.info(`Copied the live console to ${folder}/ (${path.basename(ready.moduleUrl)}).`);
      },
    },
  };
}
