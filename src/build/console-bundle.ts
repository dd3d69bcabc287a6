/**
 * Bundles the live console with esbuild: `node src/build/console-bundle.ts <base>` writes the
 * bundle to a temporary folder and prints `{ dir, moduleUrl }` as JSON. It runs as its own process
 * (started by console-bundle-integration.ts) so that esbuild's service, which keeps hundreds of megabytes, ends with
 * it — stopping the service inside the Astro build would cancel esbuild work Vite has in flight.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = path.join(root, 'src/console/console-session.ts');
/** The folder of the built site the console is served from. */
export const consoleFolder = '_console';

export interface ConsoleBundle {
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

export async function bundleConsole(base: string): Promise<ConsoleBundle> {
  const dir = mkdtempSync(path.join(tmpdir(), 'petstore-console-'));
  const publicPath = `${base.replace(/\/$/, '')}/${consoleFolder}`;
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
  const output = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint !== undefined);
  if (!output) throw new Error('esbuild wrote no console module');
  return { dir, moduleUrl: `${publicPath}/${path.basename(output[0])}` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bundle = await bundleConsole(process.argv[2] ?? '/');
  process.stdout.write(`${JSON.stringify(bundle)}\n`);
}
