/**
 * What agents read: every reference page's Markdown twin, `/llms-full.txt` (or its parts) and `/llms.txt`. A build
 * writes them once its pages are written (`publishing/agent-texts.ts`), making each page's Markdown once for both its
 * twin and the full text, rather than as thousands of Astro endpoints that each made it again. `astro dev` serves
 * them from routes (`agent-text-routes/`) that call the same functions.
 *
 * The guides' and the changelog's twins are made by Astro's container, which only pages reach: a build-only route
 * hands them over as a file, read and removed here.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadSiteApis } from '../data/reference-versions.ts';
import { resolveSpecPath } from '../openapi/index.ts';
import { type OtherTwinList, writeAgentTexts } from '../publishing/agent-texts.ts';
import { DescriptionPlacer } from '../publishing/twin-descriptions.ts';
import { twinInputs } from '../publishing/twin-inputs.ts';
import { useSiteUrl } from '../reference/shared/description-address.ts';
import { useSiteBase } from '../reference/site-path.ts';
import { usePlacedDescriptions } from '../reference/twins/markdown-text.ts';
import { twinDescriptions } from '../reference/twins/page-markdown.ts';
import { loadPortalConfig } from '../site/portal-config.ts';

/** The build-only route's file: below the output folder's root, never published. */
const otherTwinsFile = 'other-twins.json';

export function agentTextsIntegration(): AstroIntegration {
  let root = process.cwd();
  let site: string | undefined;
  let building = false;
  let placer: DescriptionPlacer | undefined;
  // The models the pages were built from: the description is loaded once per process (loadApiModel), and the
  // earlier majors as the pages load them.
  const publishedModels = async () => (await loadSiteApis(resolveSpecPath(root))).map(({ versions }) => versions);
  const route = (pattern: string, file: string) => ({
    pattern,
    entrypoint: fileURLToPath(new URL(`./agent-text-routes/${file}`, import.meta.url)),
  });
  return {
    name: 'petstore:agent-texts',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        building = command === 'build';
        if (command === 'dev') {
          injectRoute(route('/reference.md', 'introduction-twin.ts'));
          injectRoute(route('/reference/[...slug].md', 'reference-twin.ts'));
          injectRoute(route('/llms.txt', 'llms-txt.ts'));
          injectRoute(route('/llms-full.txt', 'llms-full-txt.ts'));
          injectRoute(route('/llms-full/[part].txt', 'llms-full-part.ts'));
        } else if (building) {
          injectRoute(route(`/${otherTwinsFile}`, 'other-twins-json.ts'));
        }
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        site = config.site;
        // The twins' links are the pages' own, below the base path; their samples resolve hostless servers as the pages'.
        if (building) {
          useSiteBase(config.base);
          useSiteUrl(config.site);
        }
      },
      // As soon as the pages are written, the twins' descriptions start being placed on the second core, which the
      // pages' render worker has left (publishing/twin-descriptions.ts): meanwhile other integrations finish.
      'astro:build:generated': async () => {
        placer = new DescriptionPlacer(
          (await publishedModels()).flat().flatMap(({ model }) => twinDescriptions(model)),
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const handedOver = path.join(out, otherTwinsFile);
        const others = JSON.parse(await readFile(handedOver, 'utf8')) as OtherTwinList;
        await rm(handedOver);
        const apis = await Promise.all(
          (await publishedModels()).map((versions) =>
            Promise.all(
              versions.map(async ({ version, model }) => ({ model, inputs: await twinInputs(model, false), version })),
            ),
          ),
        );
        const absolute = (sitePath: string) => new URL(sitePath, site ?? 'http://localhost:4321').href;
        usePlacedDescriptions(placer);
        // A site of several APIs' llms.txt and full text are titled as its pages' header is.
        const title = loadPortalConfig(resolveSpecPath(root)).title;
        const { twins, full } = await writeAgentTexts(out, apis, others, absolute, title).finally(async () => {
          usePlacedDescriptions(undefined);
          await placer?.close();
        });
        const fullText = full?.wholeBytes === undefined ? `in ${full?.parts.length} parts` : 'whole';
        logger.info(`Wrote ${twins.toLocaleString('en-US')} Markdown twins, llms.txt and llms-full.txt (${fullText}).`);
      },
    },
  };
}
