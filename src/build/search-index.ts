/**
 * Writes the site's Pagefind search index into `<outDir>/pagefind/`, as
 * Starlight would at the end of `astro build`. It runs as a step of its own
 * once the build process has exited (`src/build/build-site.sh`, which
 * is `npm run build`): inside the build, Pagefind ran while the build still
 * held its own peak, and the two together set the build's peak memory.
 *
 *   node src/build/search-index.ts [astro build options]   (reads --outDir; default dist/)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as pagefind from 'pagefind';

interface PagefindResponse {
  errors: string[];
}

/** Pagefind reports problems in its answers instead of rejecting: turn them into one error that lists them. */
function checked<T extends PagefindResponse>(step: string, response: T): T {
  if (response.errors.length > 0) {
    throw new Error(`Pagefind could not ${step}:\n${response.errors.map((e) => `  ${e}`).join('\n')}`);
  }
  return response;
}

/** Indexes every HTML page below `outDir`; returns how many pages it read. */
export async function writeSearchIndex(outDir: string): Promise<number> {
  try {
    const { index } = checked('start an index', await pagefind.createIndex());
    if (!index) throw new Error('Pagefind started no index.');
    const { page_count } = checked(`read the pages in ${outDir}`, await index.addDirectory({ path: outDir }));
    checked('write the index', await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') }));
    return page_count;
  } finally {
    await pagefind.close();
  }
}

/** The folder `astro build` wrote, read from the options it was given (`--outDir x` or `--outDir=x`). */
export function outDirOf(buildOptions: readonly string[], projectRoot: string): string {
  let outDir = 'dist';
  buildOptions.forEach((option, i) => {
    if (option === '--outDir') {
      const value = buildOptions[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error('--outDir needs a folder after it.');
      outDir = value;
    } else if (option.startsWith('--outDir=')) {
      outDir = option.slice('--outDir='.length);
    }
  });
  return path.resolve(projectRoot, outDir);
}

async function main(): Promise<number> {
  const outDir = outDirOf(process.argv.slice(2), process.cwd());
  const started = performance.now();
  console.log('Building the search index with Pagefind…');
  try {
    const pages = await writeSearchIndex(outDir);
    console.log(`Indexed ${pages} pages in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
    return 0;
  } catch (error) {
    console.error(`The site was built in ${outDir}, but its search index was not written.`);
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main();
