/**
 * The last step of `npm run build` (`src/build/build-site.sh`, after the search index): walks the finished output
 * and warns, naming the hosts, when it passes a static host's limits (`src/site/static-host-limits.ts`): a
 * file over 25 MiB, more than 20,000 files, more than 1 GB. A warning, not a failure: the site may be bound for a
 * host without that limit. It runs here, not in an Astro hook, because Pagefind writes its index after Astro.
 *
 *   node src/build/output-limits.ts [astro build options]   (reads --outDir; default dist/)
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { limitsPassed, limitWarnings, type OutputFile } from '../site/static-host-limits.ts';
import { outDirOf } from './search-index.ts';

/** Every file below `dir`, with its size, by its path relative to `dir`. */
export async function outputFiles(dir: string): Promise<OutputFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: OutputFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ path: path.relative(dir, full), bytes: (await stat(full)).size });
  }
  return files;
}

async function main(): Promise<void> {
  const outDir = outDirOf(process.argv.slice(2), process.cwd());
  const files = await outputFiles(outDir);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const largest = files.reduce<OutputFile | undefined>(
    (max, file) => (max && max.bytes >= file.bytes ? max : file),
    undefined,
  );
  console.log(
    `Output: ${files.length.toLocaleString('en-US')} files, ${(total / 1e6).toFixed(1)} MB; the largest: ${largest ? `${largest.path} (${(largest.bytes / 1e6).toFixed(2)} MB)` : 'none'}.`,
  );
  for (const warning of limitWarnings(limitsPassed(files))) console.warn(`Warning: ${warning}`);
}

if (import.meta.main) await main();
