// @ts-check

import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { buildMemoryIntegration } from './src/build/build-memory.ts';
import { consoleBundleIntegration } from './src/build/console-bundle-integration.ts';
import { agentTextsIntegration } from './src/integration/agent-texts-integration.ts';
import { apiReferencePlugin } from './src/integration/api-reference-plugin.ts';
import { hostFilesIntegration } from './src/integration/host-files-integration.ts';
import { pageScriptIntegration } from './src/integration/page-script.ts';
import { printStylesIntegration } from './src/integration/print-styles.ts';
import { resolveSpecPath } from './src/openapi/index.ts';
import { headScripts } from './src/publishing/own-inline-scripts.ts';
import { siteSidebar } from './src/reference/site-lists/site-sidebar.ts';
import { renderWorkerIntegration } from './src/render/render-worker.ts';
import { loadPortalConfig, siteUrl } from './src/site/portal-config.ts';
import { SiteConfigError } from './src/site/site-config.ts';

// A docs team building its private API's portal sends nothing anywhere: no usage telemetry (every build looked up
// Astro's telemetry host), no update check in `astro dev`. Astro reads both after it loads this file.
process.env.ASTRO_TELEMETRY_DISABLED ||= '1';
process.env.ASTRO_DISABLE_UPDATE_CHECK ||= 'true';

// The site config beside the description (spec/portal.json for the Pet Store): its domains and which of the
// portal's own guides it ships. SITE_URL, set when publishing, wins over its domain.
// Starlight's Badge and Steps' processor imported from their own files: its components barrel brings every one of
// its components' styles into each page that imports it, as stylesheets of their own (each a request before the
// first paint). Aside and Steps are the portal's own (src/components/shared/Aside.astro, guides/Steps.astro).
const starlightUserComponents = fileURLToPath(
  new URL('./user-components/', import.meta.resolve('@astrojs/starlight/components')),
);

// The portal's fact components, for a docs team's own guides: `import { Servers } from '@portal/components'`, a
// name that holds wherever their guides folder is and however the portal's own files move.
const portalComponents = fileURLToPath(new URL('./src/components/portal-components.ts', import.meta.url));

const portalConfig = (() => {
  try {
    return loadPortalConfig(resolveSpecPath(fileURLToPath(new URL('.', import.meta.url))));
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    // One line per problem at its place, then stop: thrown, Astro would bury it under a stack trace of its config
    // loader. Written synchronously, so the exit cannot cut it short.
    writeSync(2, `${error.message}\n`);
    process.exit(1);
  }
})();
const site = siteUrl(portalConfig);

export default defineConfig({
  site: site.url,
  // Starlight turns on Astro's prefetch (every link, on hover), whose script would be a file of its own on every
  // page: the portal's one script does the same instead (shell-behaviour.ts).
  prefetch: false,
  // Several pages in flight, so this thread renders one while a worker highlights and renders Markdown for another:
  // with fewer, both threads still waited on each other; more bought no further speed for more memory (the bench
  // times a large description).
  build: {
    concurrency: 8,
    // Stylesheets as cached files, never inlined: Astro inlines one under 4 KB into every page that uses it,
    // repeated on every page of a big description. A reader fetches them once.
    inlineStylesheets: 'never',
  },
  vite: {
    resolve: {
      alias: [
        { find: /^starlight-user-components\//, replacement: starlightUserComponents },
        { find: /^@portal\/components$/, replacement: portalComponents },
      ],
    },
    build: {
      // Page scripts (the portal's one behaviour module, Expressive Code's) as cached files, not inlined into
      // every page: Astro inlines a script under 4 KB, which repeated them on each of a big description's
      // thousands of pages. The shell's icons (src/styles/icons) as files too: they are drawn after the first
      // paint, and written into the stylesheet they made it a round trip longer on a phone's connection (shell.css).
      // Other assets keep Vite's default limit (undefined).
      assetsInlineLimit: (file) => (file.endsWith('.js') || file.endsWith('.svg') ? false : undefined),
      rolldownOptions: {
        // Astro compiles every MDX guide to a module that opens with "use astro:head-inject", and Rolldown warned
        // that such a directive "may not be preserved" for each of them on every build (withastro/astro#18087):
        // a line per guide, which buried the description's own warnings. Only that log is dropped; the guides are
        // built as before.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('use astro:head-inject')) return;
          handler(level, log);
        },
      },
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Page scripts named by their hash alone: a page links about ten, and Astro names each after its
              // component (`Search.astro_astro_type_script_index_0_lang.CVriaTwR.js`), a long name in every tag.
              // Chunks a script imports keep their names (no page links them).
              entryFileNames: '_astro/[hash].js',
            },
          },
        },
      },
    },
  },
  integrations: [
    starlight({
      // Both replaced by the description's title and summary (src/integration/api-reference-plugin.ts).
      title: 'API documentation',
      description: 'API reference, live console and guides.',
      lastUpdated: false,
      // Guide code blocks wrap long lines: a block that scrolls sideways needs keyboard access (axe), and
      // Expressive Code's <pre> is not focusable. Copying still gives the original lines.
      expressiveCode: { defaultProps: { wrap: true } },
      // The search index is written after the build, in a process of its own (src/build/build-site.sh);
      // Starlight's Search is overridden so that the search button stays.
      pagefind: false,
      // Our own 404 page (src/pages/404.astro), which says where to go from a dead link.
      disable404Route: true,
      customCss: [
        './src/styles/sidebar.css',
        './src/styles/shell.css',
        './src/styles/reference.css',
        './src/styles/steps.css',
      ],
      // Leaner markup for the shell parts every page repeats (see each component).
      components: {
        Head: './src/components/starlight/Head.astro',
        PageFrame: './src/components/starlight/PageFrame.astro',
        PageTitle: './src/components/starlight/PageTitle.astro',
        Sidebar: './src/components/starlight/Sidebar.astro',
        Search: './src/components/starlight/Search.astro',
        TwoColumnContent: './src/components/starlight/TwoColumnContent.astro',
        ThemeProvider: './src/components/starlight/ThemeProvider.astro',
        ThemeSelect: './src/components/starlight/ThemeSelectPlace.astro',
        LanguageSelect: './src/components/starlight/LanguageSelect.astro',
        Pagination: './src/components/starlight/Pagination.astro',
        MobileMenuToggle: './src/components/starlight/MobileMenuToggle.astro',
        PageSidebar: './src/components/starlight/PageSidebar.astro',
        MobileTableOfContents: './src/components/starlight/MobileTableOfContents.astro',
        // portal.json's logo, links and banner (src/publishing/site-brand.ts); without them, Starlight's own.
        SiteTitle: './src/components/starlight/SiteTitle.astro',
        SocialIcons: './src/components/starlight/SocialIcons.astro',
        Banner: './src/components/starlight/Banner.astro',
        Footer: './src/components/starlight/Footer.astro',
      },
      // Scripts in every page's head (own-inline-scripts.ts), which the CSP allows by hash: that the page says,
      // before the first paint, that scripts run, so controls that need them (Try it, Copy) are laid out from the
      // start instead of appearing later and pushing the page down (reference.css).
      head: headScripts.map((content) => ({ tag: 'script', content })),
      // The guides are listed once the description is read (the API reference plugin).
      sidebar: siteSidebar([], []),
      plugins: [apiReferencePlugin()],
    }),
    // Before the render worker: the heap sizes it sets apply to isolates created after it.
    buildMemoryIntegration(),
    renderWorkerIntegration(),
    consoleBundleIntegration(),
    pageScriptIntegration(),
    printStylesIntegration(),
    hostFilesIntegration(portalConfig, site),
    agentTextsIntegration(),
  ],
});
