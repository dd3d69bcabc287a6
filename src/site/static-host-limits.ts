/**
 * What static hosts accept, and which of their limits a built site passes. Pure: the build step that walks the
 * output (`src/build/output-limits.ts`) hands it the files' sizes.
 *
 * Limits as the hosts document them: Cloudflare Pages, 25 MiB per file and 20,000 files per deployment (its
 * free plan); GitHub Pages, a published site of at most 1 GB. Netlify is left out: we found no per-file or
 * per-site limit of its documented to check against.
 */

/** The largest file Cloudflare Pages accepts, and so the largest the build writes on purpose. */
export const largestFileBytes = 25 * 1024 * 1024;

export interface HostLimits {
  host: string;
  /** Largest file, in bytes. */
  fileBytes?: number;
  /** Most files in one deployment. */
  files?: number;
  /** Largest published site, in bytes. */
  siteBytes?: number;
}

export const staticHosts: readonly HostLimits[] = [
  { host: 'Cloudflare Pages', fileBytes: largestFileBytes, files: 20_000 },
  { host: 'GitHub Pages', siteBytes: 1_000_000_000 },
];

export interface OutputFile {
  /** Relative to the output folder. */
  path: string;
  bytes: number;
}

export interface LimitPassed {
  host: string;
  /** In words, with the figures: "3 files over 25 MiB (the largest: reference/x/index.html, 30.1 MB)". */
  what: string;
}

/** Files named in a message about files too large, at most. */
const namedFiles = 3;

/** Every limit of `hosts` that the output passes, host by host, in the order of `hosts`. */
export function limitsPassed(files: readonly OutputFile[], hosts: readonly HostLimits[] = staticHosts): LimitPassed[] {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const passed: LimitPassed[] = [];
  for (const limits of hosts) {
    const { host, fileBytes, files: most, siteBytes } = limits;
    if (fileBytes !== undefined) {
      const over = files.filter((file) => file.bytes > fileBytes).sort((a, b) => b.bytes - a.bytes);
      if (over.length > 0) {
        const names = over.slice(0, namedFiles).map((file) => `${file.path} (${megabytes(file.bytes)})`);
        const more = over.length > namedFiles ? `, and ${over.length - namedFiles} more` : '';
        passed.push({
          host,
          what: `${count(over.length, 'file')} over its ${sizeLabel(fileBytes)} per file: ${names.join(', ')}${more}`,
        });
      }
    }
    if (most !== undefined && files.length > most) {
      passed.push({ host, what: `${count(files.length, 'file')}, over its ${most.toLocaleString('en-US')}` });
    }
    if (siteBytes !== undefined && total > siteBytes) {
      passed.push({ host, what: `${megabytes(total)} in all, over its ${sizeLabel(siteBytes)} per site` });
    }
  }
  return passed;
}

/** One line per limit passed, for the build's log: the host, then what passes its limit. */
export function limitWarnings(passed: readonly LimitPassed[]): string[] {
  return passed.map(({ host, what }) => `The output is too large for ${host}: ${what}.`);
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** 1,000,000 bytes to a MB, as the hosts and the bench count. */
function megabytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A limit as its host writes it: 25 MiB, 1 GB. */
function sizeLabel(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return megabytes(bytes).replace('.00 GB', ' GB').replace('.0 MB', ' MB');
}
