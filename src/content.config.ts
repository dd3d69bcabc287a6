import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';

/**
 * Starlight's frontmatter plus one field of ours: `pageLayout: 'operation'` asks for the operation layout (the
 * docs beside a sticky sample pane, with "On this page" as a bar over the content instead of a third column;
 * `src/components/starlight/TwoColumnContent.astro`).
 */
const starlightFrontmatter = docsSchema({
  extend: z.object({ pageLayout: z.enum(['operation']).optional() }),
});
type SchemaContext = Parameters<typeof starlightFrontmatter>[0];
let starlightPageFrontmatter: ReturnType<typeof starlightFrontmatter> | undefined;

/**
 * Starlight's frontmatter schema, built once for every `<StarlightPage>`.
 * Starlight builds it anew for each one, that is every reference page: at
 * 1,000 operations, ~1.6 s of zod building schemas, and the garbage they
 * leave. Every StarlightPage passes the same image check (recognised by its
 * message), so one schema serves them all. Content entries, whose image
 * helper resolves paths next to each entry, and anything else still get
 * their own.
 */
function frontmatterSchema(context: SchemaContext) {
  if (!String(context.image).includes('<StarlightPage>')) return starlightFrontmatter(context);
  starlightPageFrontmatter ??= starlightFrontmatter(context);
  return starlightPageFrontmatter;
}

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: frontmatterSchema }),
};
