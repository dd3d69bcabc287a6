/**
 * The hosted sandbox's program as one file: `node src/build/sandbox-bundle.ts <out>` (`npm run build:sandbox`,
 * default `build/sandbox/`) bundles `src/sandbox/main.ts` and everything it imports, packages included, with
 * esbuild for Node 24, so the container image (src/sandbox/deploy/Containerfile) copies one folder and needs no
 * `node_modules`: what the sandbox imports is what esbuild finds, not a list of source folders kept by hand.
 *
 * The folder keeps the checkout's layout: the program is `src/sandbox/main.mjs`, and the files the code reads
 * beside itself at run time (`runTimeFiles`) are copied where the bundled code looks for them: a path a module
 * finds from its own address is, in the bundle, a path from the program's (the guides, read by
 * src/publishing/guide-outline.ts from `../content/docs/guides/`; the OpenAPI schemas the description checker reads
 * from `./schemas/`). The description is not in it: the sandbox reads it at run time from the working folder (`spec/openapi.yaml`,
 * or `PETSTORE_SPEC`), and the image copies `spec/` beside the program.
 */
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const validator = '@seriousme/openapi-schema-validator';
/** The sandbox's entry point, relative to the root. */
export const sandboxEntry = 'src/sandbox/main.ts';
/** The bundled program, relative to the bundle's folder (and so to the image's working folder). */
export const sandboxProgram = 'src/sandbox/main.mjs';
/**
 * What the bundled code reads at run time from a path relative to its own module, which in the bundle is the
 * program's: each folder is copied from where it is in the checkout (`from`, relative to the root) to where the
 * code looks for it (`to`, relative to the bundle's folder).
 */
export const runTimeFiles: readonly { from: (root: string) => string; to: string; why: string }[] = [
  {
    from: (root) => path.join(root, 'src/content/docs/guides'),
    to: 'src/content/docs/guides',
    why: "the guides the docs' MCP server searches (src/publishing/guide-outline.ts: ../content/docs/guides/)",
  },
  {
    from: (root) =>
      path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve(validator)), 'schemas'),
    to: path.join(path.dirname(sandboxProgram), 'schemas'),
    why: `the OpenAPI schemas ${validator} checks a description against (./schemas/ beside its module)`,
  },
];

export interface SandboxBundle {
  /** The bundle's folder. */
  dir: string;
  /** The program, an absolute path. */
  program: string;
  /** esbuild's account of what went in (inputs relative to the working folder it ran in). */
  metafile: Metafile;
}

/**
 * Bundles the sandbox into `dir` (emptied first). ESM for Node 24: the entry awaits at the top level. The packages
 * written as CommonJS (ioredis, ajv, …) `require` Node's own modules, which an ES module has no `require` for, so
 * the bundle makes one (`createRequire`) in its first lines.
 */
export async function bundleSandbox(dir: string, from = root): Promise<SandboxBundle> {
  rmSync(dir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: from,
    entryPoints: [path.join(from, sandboxEntry)],
    outbase: from,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Names stay readable in stack traces; the image is small either way.
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // debug (ioredis uses it) asks for supports-color inside a try, doing without when it is not installed: in the
    // image it is not (here it is, for development tools only), so the bundle never takes it.
    external: ['supports-color'],
    banner: {
      js: "import { createRequire as __sandboxRequire } from 'node:module'; const require = __sandboxRequire(import.meta.url);",
    },
  });
  for (const files of runTimeFiles) cpSync(files.from(from), path.join(dir, files.to), { recursive: true });
  return { dir, program: path.join(dir, sandboxProgram), metafile: result.metafile };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'build/sandbox'));
  const bundle = await bundleSandbox(dir);
  console.log(`The sandbox, bundled: ${bundle.program}`);
  for (const files of runTimeFiles) console.log(`  with ${files.to}: ${files.why}`);
}
