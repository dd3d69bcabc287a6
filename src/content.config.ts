import { defineCollection } from 'astro:content';
import path from 'node:path';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { type DataStore, glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { resolveSpecPath } from './openapi/index.ts';
import { guideOutline, guidesFolderIn, teamGuidesFolder } from './publishing/guide-outline.ts';
import { namedFacts } from './publishing/guide-requirements.ts';
import { loadApiOfSite } from './reference/api-of-site.ts';
import { type PortalApi, portalApis, siteFolder } from './site/portal-apis.ts';
import { loadPortalConfig } from './site/portal-config.ts';

/** A guide that calls an operation in its samples names it: `operation:listPets`. */
const operationFact = z.string().regex(/^operation:.+/, 'operation:<operationId>');

/**
 * Starlight's frontmatter plus two fields of ours: `pageLayout: 'operation'` asks for the operation layout (the
 * docs beside a sticky sample pane, with "On this page" as a bar over the content instead of a third column;
 * `src/components/starlight/TwoColumnContent.astro`); `requires` lists what a guide quotes from the description
 * (an error catalog, rate limits, …), the operations its samples call (`operation:listPets`) or the site config
 * (`siteFacts`), so that it is left out of a site without them: another description gets none of the Pet Store's.
 */
const starlightFrontmatter = docsSchema({
  extend: z.object({
    pageLayout: z.enum(['operation']).optional(),
    requires: z.array(z.union([z.enum(namedFacts), operationFact])).optional(),
    // A docs team's guide may give its place as `order` (as other portals' guides do): Starlight's sidebar.order.
    order: z.number().optional(),
  }),
});

/**
 * Starlight's docs, less the guides this description does not ship (their `requires` unmet), as the guide outline
 * decides (publishing/guide-outline.ts), which the MCP server reads too: built from another description, the site
 * has no Pet Store rate-limits guide, and no guide links to an error catalog that was not built.
 */
function docsForThisDescription(): Loader {
  const docs = docsLoader();
  return {
    name: 'petstore:docs-for-this-description',
    load: async (context) => {
      await docs.load(context);
      const spec = resolveSpecPath(process.cwd());
      // The site's first API: the only one of a one-API site.
      const config = loadPortalConfig(spec);
      const model = await loadApiOfSite(portalApis(spec, config)[0] as PortalApi);
      // The team's guides are the site's own: beside portal.json in a site of several.
      const team = teamGuidesFolder(siteFolder(spec, config));
      if (team) await teamGuides(team).load({ ...context, store: onlyEntriesIn(context.store, team) });
      const shipped = new Set(guideOutline(model, config, guidesFolderIn(process.cwd())).map((guide) => guide.id));
      for (const id of context.store.keys()) {
        if (id.startsWith('guides/') && !shipped.has(id)) context.store.delete(id);
      }
    },
  };
}
/**
 * The docs team's guides (`guides/` in the site's folder: beside the description, or portal.json), as entries of the docs collection beside ours:
 * `guides/<file name>`, so that one named like one of ours takes its place. Watched in `astro dev` like ours.
 */
function teamGuides(folder: string): Loader {
  return glob({
    base: folder,
    pattern: '*.{md,mdx}',
    generateId: ({ entry }) => `guides/${entry.replace(/\.mdx?$/, '')}`,
  });
}

/**
 * The store as a loader for `folder` sees it: only its own entries. The glob loader forgets every entry it did not
 * load this time, which without this view would be all of Starlight's.
 */
function onlyEntriesIn(store: DataStore, folder: string): DataStore {
  const inFolder = (filePath: string | undefined) =>
    filePath !== undefined && !path.relative(folder, path.resolve(process.cwd(), filePath)).startsWith('..');
  const own = () => store.entries().filter(([, entry]) => inFolder(entry.filePath));
  return {
    ...store,
    entries: own,
    keys: () => own().map(([id]) => id),
    values: () => own().map(([, entry]) => entry),
    clear: () => {
      for (const [id] of own()) store.delete(id);
    },
  };
}

type SchemaContext = Parameters<typeof starlightFrontmatter>[0];
let starlightPageFrontmatter: ReturnType<typeof starlightFrontmatter> | undefined;

/**
 * Starlight's frontmatter schema, built once for every `<StarlightPage>`.
 * Starlight builds it anew for each one, that is every reference page:
 * seconds of zod building schemas on a large description, and the garbage
 * they leave. Every StarlightPage passes the same image check (recognised by its
 * message), so one schema serves them all. Content entries, whose image
 * helper resolves paths next to each entry, and anything else still get
 * their own.
 */
function frontmatterSchema(context: SchemaContext) {
  if (!String(context.image).includes('<StarlightPage>')) return withOrderInSidebar(starlightFrontmatter(context));
  starlightPageFrontmatter ??= starlightFrontmatter(context);
  return starlightPageFrontmatter;
}

/** A guide's `order` is its sidebar.order, unless that is given too. */
function withOrderInSidebar(schema: ReturnType<typeof starlightFrontmatter>) {
  return schema.transform((data) =>
    data.order !== undefined && data.sidebar.order === undefined
      ? { ...data, sidebar: { ...data.sidebar, order: data.order } }
      : data,
  );
}

export const collections = {
  docs: defineCollection({ loader: docsForThisDescription(), schema: frontmatterSchema }),
  // Starlight reads its interface strings from here (src/content/i18n/); declared so that it is not missing.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
