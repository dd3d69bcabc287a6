/**
 * Writes the static host's files into the build: _redirects and CNAME from
 * the site config, and _headers whose Content-Security-Policy allows exactly
 * the inline scripts the built pages contain (by hash) and the API servers
 * the spec lists (for the live console).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadApiModel, resolveSpecPath } from '../openapi/index.ts';
import {
  cnameFile,
  headersFile,
  inlineScriptsOfFile,
  redirectsFile,
  serverOrigins,
  sha256,
} from '../publishing/host-files.ts';
import type { SiteConfig } from '../publishing/site-config.ts';

export function hostFilesIntegration(config: SiteConfig): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'petstore:host-files',
    hooks: {
      'astro:config:done': ({ config: astroConfig }) => {
        root = fileURLToPath(astroConfig.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
        const hashes = new Set<string>();
        // A few files at a time: reading overlaps the scanning.
        for (let i = 0; i < pages.length; i += 16) {
          const batch = await Promise.all(pages.slice(i, i + 16).map((page) => readFile(path.join(out, page))));
          for (const page of batch) for (const script of inlineScriptsOfFile(page)) hashes.add(sha256(script));
        }
        const model = await loadApiModel(resolveSpecPath(root));
        const apiOrigins = serverOrigins(model.servers);
        await writeFile(path.join(out, '_headers'), headersFile({ scriptHashes: [...hashes], apiOrigins }));
        await writeFile(path.join(out, '_redirects'), redirectsFile(config));
        const cname = cnameFile(config);
        if (cname) await writeFile(path.join(out, 'CNAME'), cname);
        logger.info(
          `Wrote _headers (${hashes.size} inline script hashes), _redirects and ${cname ? 'CNAME' : 'no CNAME'}.`,
        );
      },
    },
  };
}
