/**
 * Bundles the live console (src/console/console-session.ts: Scalar's client,
 * Vue, our additions, ~3 MB) with esbuild, once per build, outside Astro's
 * Vite pipeline: there it cost every build ~4 s and ~650 MB of memory,
 * although it never depends on the spec. Pages get its URL from the virtual
 * module `virtual:petstore/console` and import it on the first Try-it click.
 * The files are served under `<base>/_console/` in dev and copied there by
 * the build.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Plugin, stop } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = path.join(root, 'src/console/console-session.ts');
const virtualId = 'virtual:petstore/console';
const folder = '_console';

interface ConsoleBundle {
  dir: string;
  /** Site path of the entry module, under the base. */
  moduleUrl: string;
}

/** `import href from './x.css?url'` (Vite's syntax): the file is emitted and the import is its URL. */
const assetUrls: Plugin = {
  name: 'asset-urls',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\?url$/ }, async (args) => {
      const resolved = await esbuild.resolve(args.path.replace(/\?url$/, ''), {
        kind: args.kind,
        resolveDir: args.resolveDir,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: 'asset-url' };
    });
    esbuild.onLoad({ filter: /.*/, namespace: 'asset-url' }, async (args) => ({
      contents: await readFile(args.path),
      loader: 'file',
    }));
  },
};

async function bundleConsole(base: string): Promise<ConsoleBundle> {
  const dir = mkdtempSync(path.join(tmpdir(), 'petstore-console-'));
  const publicPath = `${base.replace(/\/$/, '')}/${folder}`;
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    outdir: dir,
    entryNames: 'console-[hash]',
    assetNames: '[name]-[hash]',
    publicPath,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [assetUrls],
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });
  // esbuild keeps its service process (~450 MB) alive until told otherwise; the rest of the build does not need it.
  await stop();
  const output = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint !== undefined);
  if (!output) throw new Error('esbuild wrote no console module');
  return { dir, moduleUrl: `${publicPath}/${path.basename(output[0])}` };
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
