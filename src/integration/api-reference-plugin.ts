/**
 * The Starlight plugin that builds the API reference. It loads the
 * description before anything is built — a bad description stops
 * `astro build` and `astro dev` at once with every problem listed, so there
 * is never a blank or half-built site — then adds the reference's compact
 * sidebar (tags, no operations) for the pages that are not in the
 * reference; reference pages pass their own (`reference/navigation.ts`).
 * It also adds the stylesheet that colours highlighted code.
 */

import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sitemap from '@astrojs/sitemap';
import type { StarlightPlugin, StarlightUserConfig } from '@astrojs/starlight/types';
import { checkChangelog } from '../changes/load-changelog.ts';
import { apiReleasesDir, hasReleasesIn } from '../changes/releases.ts';
import { loadReferenceVersions } from '../data/reference-versions.ts';
import {
  type ApiModel,
  countOf,
  formatProblems,
  hiddenCount,
  operationCount,
  resolveSpecPath,
  SpecError,
  strictFromEnv,
} from '../openapi/index.ts';
import { apiCatalogPath } from '../publishing/api-catalog.ts';
import { guideOutline, guidesFolderIn } from '../publishing/guide-outline.ts';
import { readHomeWords } from '../publishing/home-words.ts';
import { siteBrand } from '../publishing/site-brand.ts';
import { ownIcon } from '../publishing/site-icon.ts';
import { versionSitemapChunks } from '../publishing/version-sitemaps.ts';
import { loadApiOfSite } from '../reference/api-of-site.ts';
import { changelogFeedPath } from '../reference/changelog/changelog-sections.ts';
import { publishedDescriptionUrl } from '../reference/shared/description-address.ts';
import { descriptionIndexing, wholeDescriptionsUpTo } from '../reference/site-lists/search-scope.ts';
import { referenceSidebarOutside, type SidebarApi, siteSidebar } from '../reference/site-lists/site-sidebar.ts';
import { VersionSettingError } from '../reference/versions.ts';
import { highlightStylesheetId, highlightStylesPlugin } from '../render/highlight-styles.ts';
import { BesideFileError } from '../site/beside-files.ts';
import { hostedSandboxUrl, localSandboxWarning, passThroughNote, SandboxUrlError } from '../site/console-sandbox.ts';
import { listsApis, type PortalApi, portalApis, siteFolder } from '../site/portal-apis.ts';
import { loadPortalConfig } from '../site/portal-config.ts';
import { type SiteConfig, SiteConfigError } from '../site/site-config.ts';
import { fileStamp, type LoadedDescription, restartSignalFor, specWatcherPlugin } from './spec-watcher.ts';

const liveDescriptionScript = fileURLToPath(new URL('./live-description.ts', import.meta.url));

export function apiReferencePlugin(): StarlightPlugin {
  return {
    name: 'petstore:api-reference',
    hooks: {
      'config:setup': async ({
        config,
        updateConfig,
        addIntegration,
        addRouteMiddleware,
        astroConfig,
        logger,
        isRestart,
        command,
      }) => {
        const root = fileURLToPath(astroConfig.root);
        const file = resolveSpecPath(root);
        // Stamped before loading, so a save during the load is checked again; the other files once they are known.
        const loaded: LoadedDescription = { files: [file], stamp: fileStamp(file) };
        // Each guide announces its Markdown twin.
        addRouteMiddleware({ entrypoint: fileURLToPath(new URL('./guide-twin-route-data.ts', import.meta.url)) });
        // With several versions of the reference, the other pages count as the current version's in search.
        addRouteMiddleware({ entrypoint: fileURLToPath(new URL('./version-search-route-data.ts', import.meta.url)) });
        // In `astro dev`, an edited description is checked before Astro restarts for it (spec-watcher.ts).
        addIntegration({
          name: 'petstore:watch-spec',
          hooks: {
            'astro:config:setup': ({ addWatchFile, updateConfig: updateAstroConfig }) => {
              addWatchFile(restartSignalFor(file));
              // Not in Vitest, which runs these hooks for its own Vite server (tests/vitest.config.ts).
              if (!process.env.VITEST) {
                const checkSite = () => siteShape(file, root);
                updateAstroConfig({ vite: { plugins: [specWatcherPlugin(file, loaded, checkSite)] } });
              }
            },
          },
        });
        // In `astro dev`, a tab reloaded for a saved description comes back where the reader was (live-description.ts).
        addIntegration({
          name: 'petstore:live-description',
          hooks: {
            'astro:config:setup': ({ injectScript }) => {
              if (command === 'dev') injectScript('page', `import ${JSON.stringify(liveDescriptionScript)};`);
            },
          },
        });
        addIntegration({
          name: 'petstore:highlight-styles',
          hooks: {
            'astro:config:setup': ({ updateConfig: updateAstroConfig }) => {
              updateAstroConfig({ vite: { plugins: [highlightStylesPlugin()] } });
            },
          },
        });
        // Each API of the site checked before anything is built, one after another; one summary line each.
        const checkApi = async (api: PortalApi, model: ApiModel): Promise<SidebarApi> => {
          const apiFile = api.specPath;
          const apiShown = apiFile.startsWith(`${root}/`) ? apiFile.slice(root.length + 1) : apiFile;
          const releases = apiReleasesDir(api);
          const withReleases = hasReleasesIn(releases);
          // The changelog's inputs too: a release file's bad date stops the build here, named, not in a page.
          const warnings = [
            ...model.warnings,
            ...(withReleases ? checkChangelog(apiFile, model.info.version, releases) : []),
          ];
          // A server without a host is relative to where the site publishes the description: a build must know it.
          if (command === 'build' && model.hostlessServers && !publishedDescriptionUrl(astroConfig.site)) {
            // PETSTORE_STRICT makes it an error, like every other warning.
            if (strictFromEnv()) throw new SpecError(apiShown, [{ ...model.hostlessServers, severity: 'error' }]);
            warnings.push(model.hostlessServers);
          }
          if (warnings.length > 0) logger.warn(formatProblems(apiShown, warnings));
          // Earlier majors' references: a setting naming a major with no release, or an unusable release file,
          // stops the build here. Loaded models are cached for the pages (loadApiModel).
          if (withReleases) {
            const versions = await loadReferenceVersions(api, model);
            for (const { version } of versions.slice(1)) {
              logger.info(`Earlier major ${version.label}: the reference of ${version.version} at /${version.base}/.`);
            }
            // The sitemap lists the current version first (Starlight then adds no sitemap of its own).
            if (versions.length > 1 && api.id === undefined) {
              const chunks = versionSitemapChunks(
                versions.map(({ version }) => version),
                astroConfig.base,
              );
              addIntegration(sitemap({ chunks }));
            }
          }
          if (command === 'build') {
            const sandboxAt = hostedSandboxUrl();
            const local = localSandboxWarning(model);
            if (sandboxAt) logger.info(`The live console calls the hosted sandbox at ${sandboxAt}.`);
            else if (local) logger.warn(local);
            if (portalConfigOf(file)?.tryIt?.passThrough) {
              const note = passThroughNote(model);
              logger[note.level](note.message);
            }
          }
          const where = api.id === undefined ? '' : `/${api.base}/: `;
          logger.info(
            `${where}${model.info.title} ${model.info.version}: ${operationCount(model)}, ${countOf(model.schemas.length, 'schema')}${hiddenCount(model)}.`,
          );
          const indexing = descriptionIndexing(model);
          if (indexing.scope === 'opening') {
            logger.info(
              `Search indexes each description up to its first paragraph: together they hold ${indexing.words.toLocaleString('en')} words, more than the ${wholeDescriptionsUpTo.toLocaleString('en')} it indexes whole.`,
            );
          }
          return { id: api.id, model, changelog: withReleases };
        };
        try {
          const portal = loadPortalConfig(file);
          const apis = portalApis(file, portal);
          // Every description loaded first (a SpecError stops here), then the site's own files, then each API's
          // warnings and summary: a site file that cannot be used is the one line the build prints.
          const models: ApiModel[] = [];
          for (const api of apis) models.push(await loadApiOfSite(api));
          const model = models[0] as ApiModel;
          // The site's own files are in its folder: beside the description, or beside portal.json in a site of several.
          const folder = siteFolder(file, portal);
          // The site's own icon: refused here, at its line, not half way through the pages.
          ownIcon(folder);
          // The home page's words (home.md): refused here, in one line, not half way through the pages.
          readHomeWords(folder);
          // The guides this site ships, the docs team's among them: a team guide that cannot be read is named here.
          const guides = guideOutline(model, portal, guidesFolderIn(root));
          // Its title, logo and accent colour (portal.json); a logo that cannot be shown is refused here.
          const brand = siteBrand(model, portal, file, root);
          for (const warning of brand.warnings) logger.warn(warning);
          const sidebarApis: SidebarApi[] = [];
          for (const [i, api] of apis.entries()) sidebarApis.push(await checkApi(api, models[i] as ApiModel));
          loaded.config = configShape(sidebarApis, file, root);
          const others = sidebarApis.flatMap(({ model: each }) => each.files ?? []).filter((f) => f !== file);
          loaded.files = [file, ...others];
          loaded.stamp = [loaded.stamp, ...others.map(fileStamp)].join('|');
          const listed = listsApis(portal);
          const oneApi = sidebarApis[0]?.id === undefined;
          updateConfig({
            // The site is named after the API it documents (or as portal.json says): its header and every <title>.
            title: listed && !portal.title ? 'API documentation' : brand.title,
            ...(brand.logo && { logo: brand.logo }),
            // Every page's meta description: the description's own summary, else a sentence about it.
            description: listed
              ? `Reference, live console and guides for ${countOf(apis.length, 'API')}.`
              : (model.info.summary ?? `Reference, live console and guides for ${model.info.title}.`),
            sidebar: [...siteSidebar(guides, sidebarApis), ...referenceSidebarOutside(sidebarApis)],
            customCss: [...(config.customCss ?? []), highlightStylesheetId, ...brand.customCss],
            head: [
              ...(config.head ?? []),
              ...discoveryLinks(model.info.title, astroConfig.base, oneApi && sidebarApis[0]?.changelog === true),
            ],
          });
        } catch (error) {
          if (
            error instanceof SandboxUrlError ||
            error instanceof VersionSettingError ||
            error instanceof BesideFileError ||
            error instanceof SiteConfigError
          ) {
            writeSync(2, `${error.message}\n`);
            process.exit(1);
          }
          if (!(error instanceof SpecError)) throw error;
          if (!isRestart) {
            // Our report alone, then stop. Thrown, it would come back under Astro's "An unhandled error occurred
            // while running the astro:config:setup hook" and a stack trace of Starlight's, which bury it. Written
            // synchronously: a pipe's asynchronous write could be cut short by the exit.
            writeSync(2, `${error.message}\n`);
            process.exit(1);
          }
          // `astro dev` restarting for a description that broke after spec-watcher.ts checked it (edited again in
          // between): thrown, Astro keeps serving the last good one and shows this in the browser's error overlay.
          throw new Error(formatProblems(error.file, error.problems, 'dev'));
        }
      },
    },
  };
}

/**
 * What Starlight's configuration and astro.config.mjs take from a version of the descriptions and their site config,
 * as text to compare (spec-watcher.ts restarts the dev server when it changes): the site's title, meta description
 * and compact sidebar, whether each API has a changelog, and the site config (its domain is read by
 * astro.config.mjs).
 */
function configShape(apis: readonly SidebarApi[], file: string, root: string): string {
  const config = loadPortalConfig(file);
  const first = (apis[0] as SidebarApi).model;
  const guides = guideOutline(first, config, guidesFolderIn(root));
  const titles = apis.map(({ model }) => [model.info.title, model.info.summary]);
  return JSON.stringify([titles, siteSidebar(guides, apis), referenceSidebarOutside(apis), config]);
}

/** The site as it is on disk now, for the dev server's watcher: every API's description loaded, and its shape. */
async function siteShape(file: string, root: string): Promise<{ files: string[]; config: string }> {
  const apis: SidebarApi[] = [];
  for (const api of portalApis(file, loadPortalConfig(file))) {
    const model = await loadApiOfSite(api);
    apis.push({ id: api.id, model, changelog: hasReleasesIn(apiReleasesDir(api)) });
  }
  return { files: apis.flatMap(({ model }) => model.files ?? []), config: configShape(apis, file, root) };
}

/** The site config; undefined when it is not valid (reported where the guides read it). */
function portalConfigOf(specPath: string): SiteConfig | undefined {
  try {
    return loadPortalConfig(specPath);
  } catch (error) {
    if (error instanceof SiteConfigError) return undefined;
    throw error;
  }
}

type HeadEntry = NonNullable<StarlightUserConfig['head']>[number];

/**
 * In every page's head: where machines find the API catalog (RFC 9727) and, on a one-API site with releases, the
 * changelog's feed. In a site of several, each API's pages announce that API's feed instead (`changelogFeedLink`):
 * a feed reader offered every API's feed on every page could not tell which the page is about.
 */
function discoveryLinks(title: string, base: string, withFeed: boolean): HeadEntry[] {
  const at = (path: string) => `${base.replace(/\/$/, '')}${path}`;
  const links: HeadEntry[] = [{ tag: 'link', attrs: { rel: 'api-catalog', href: at(apiCatalogPath) } }];
  if (withFeed) {
    links.push({
      tag: 'link',
      attrs: {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: `${title} changelog`,
        href: at(changelogFeedPath),
      },
    });
  }
  return links;
}
