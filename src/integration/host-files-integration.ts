/**
 * Writes the static host's files into the build: _redirects and CNAME from
 * the site config, and _headers whose Content-Security-Policy allows, by
 * hash, exactly those of the portal's own inline scripts that the built pages
 * use (never other text that looks like a script), and the API servers the
 * spec lists (for the live console).
 */
import { existsSync } from 'node:fs';
import { open, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadSiteApis } from '../data/reference-versions.ts';
import { resolveSpecPath } from '../openapi/index.ts';
import { apiCatalogContentType, apiCatalogPath } from '../publishing/api-catalog.ts';
import {
  cnameFile,
  cspOrigins,
  everyServer,
  headersFile,
  inlineScriptsOfFile,
  redirectsFile,
  serverOrigins,
  sha256,
} from '../publishing/host-files.ts';
import { ownInlineScripts } from '../publishing/own-inline-scripts.ts';
import { iconPath, ownIcon } from '../publishing/site-icon.ts';
import { changelogFeedType } from '../reference/changelog/changelog-feed.ts';
import { changelogPaths } from '../reference/changelog/changelog-sections.ts';
import { consoleSandbox } from '../site/console-sandbox.ts';
import { siteFolderOf } from '../site/portal-apis.ts';
import type { SiteConfig } from '../site/site-config.ts';

export function hostFilesIntegration(
  config: SiteConfig,
  site: { url: string; placeholder: boolean },
): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'petstore:host-files',
    hooks: {
      'astro:config:done': ({ config: astroConfig }) => {
        root = fileURLToPath(astroConfig.root);
      },
      'astro:build:start': ({ logger }) => {
        if (site.placeholder) {
          logger.warn(
            `No SITE_URL and no canonicalDomain in portal.json: canonical links, the sitemap, llms.txt and the API catalog use ${site.url} as the site's address. Set SITE_URL to the published address.`,
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
        const own = ownInlineScripts(root);
        const hashes = new Set<string>();
        await eachFileInto(
          pages.map((page) => path.join(out, page)),
          (page) => {
            for (const script of inlineScriptsOfFile(page)) if (own.has(script)) hashes.add(sha256(script));
          },
        );
        const models = (await loadSiteApis(resolveSpecPath(root))).map(({ versions }) => versions[0]?.model);
        // Every API's servers, and the sandbox its console calls: the hosted one, or this machine's where
        // SANDBOX_PORT moved it. A server whose host CSP cannot name (`https://api.example.org;sandbox`) is left
        // out, with a warning: written in, it would end connect-src and add a directive of its own (host-files.ts).
        const { allowed: apiOrigins, leftOut } = cspOrigins(
          models.flatMap((model) => {
            if (!model) return [];
            const sandbox = consoleSandbox(model, { dev: false });
            return [...serverOrigins(everyServer(model)), ...(sandbox ? [new URL(sandbox.url).origin] : [])];
          }),
        );
        for (const origin of leftOut) {
          logger.warn(
            `The server ${JSON.stringify(origin)} cannot be named in the Content-Security-Policy (a host of letters, digits, "-" and "." only): it is left out of connect-src, so the live console cannot call it. Correct its URL in the description.`,
          );
        }
        // Files a static host would serve by their name's type (none, or XML): each with its own, if it was built.
        // Each API's changelog feed (`/changelog/feed.xml`, `/reference/<id>/changelog/feed.xml`).
        const contentTypes = [
          { path: apiCatalogPath, type: apiCatalogContentType },
          ...models.flatMap((model) => (model ? [{ path: changelogPaths(model).feed, type: changelogFeedType }] : [])),
        ].filter((file) => existsSync(path.join(out, file.path)));
        await writeFile(
          path.join(out, '_headers'),
          headersFile({ scriptHashes: [...hashes], apiOrigins, contentTypes }),
        );
        // Domains, redirects and CNAME only when the site config has them: none of another site's.
        const redirects = config.redirects.length > 0;
        if (redirects) await writeFile(path.join(out, '_redirects'), redirectsFile(config));
        const cname = cnameFile(config);
        if (cname) await writeFile(path.join(out, 'CNAME'), cname);
        // The site's own icon, when one is kept in the site's folder (spec/favicon.svg), over the neutral one.
        // Written from the text that was checked (site-icon.ts), not copied again from a file that may have changed.
        const icon = ownIcon(siteFolderOf(root));
        if (icon) await writeFile(path.join(out, iconPath), icon.svg);
        logger.info(
          `Wrote _headers (${hashes.size} inline script hashes)${redirects ? ', _redirects' : ''}${cname ? ' and CNAME' : ''}.`,
        );
      },
    },
  };
}

/**
 * Calls `scan` with the bytes of every file, a few files at a time so that
 * reading overlaps scanning. Each reader reuses one buffer: a new Buffer for
 * every page left memory outside V8's heap that the GC reclaims late, and
 * that set the peak of large builds, at the very end of the build. `scan` must not keep the bytes it is given.
 */
async function eachFileInto(files: string[], scan: (bytes: Buffer) => void, readers = 8): Promise<void> {
  let next = 0;
  const reader = async () => {
    let buffer = Buffer.alloc(64 * 1024);
    for (let i = next++; i < files.length; i = next++) {
      const handle = await open(files[i] as string);
      try {
        const { size } = await handle.stat();
        if (size > buffer.length) buffer = Buffer.allocUnsafe(Math.max(size, 2 * buffer.length));
        let filled = 0;
        while (filled < size) {
          const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        scan(buffer.subarray(0, filled));
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: readers }, reader));
}
