/** `/llms.txt`: the site listed for AI agents (llmstxt.org); what it says is `reference/llms-text.ts`'s. */

import type { APIRoute } from 'astro';
import { getApiModel } from '../data/api-model.ts';
import { getChangelog } from '../data/changelog.ts';
import { guideEntries, guidePath } from '../data/page-twins.ts';
import { getFullText } from '../data/twin-inputs.ts';
import { apiCatalogPath } from '../publishing/api-catalog.ts';
import { descriptionFiles } from '../publishing/description-files.ts';
import { changelogFeedPath, changelogPath } from '../reference/changelog-sections.ts';
import { fullTextPartPath } from '../reference/llms-full.ts';
import { llmsText } from '../reference/llms-text.ts';
import { referenceUrls, twinOf } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';

export const GET: APIRoute = async ({ site }) => {
  const [model, changelog, entries] = await Promise.all([getApiModel(), getChangelog(), guideEntries()]);
  const urls = referenceUrls(model);
  const guides = entries.map((entry) => ({
    title: entry.data.title,
    description: entry.data.description,
    // Its Markdown twin, as each operation below links its own.
    path: twinOf(guidePath(entry)),
  }));
  const full = await getFullText(model);
  const kilobytes = (text: string) => `${Math.ceil(Buffer.byteLength(text) / 1000)} KB`;
  const optional = [
    // Everything at once: one file, or past its size one part per tag group (`reference/llms-full.ts`).
    ...(full.whole
      ? [
          {
            title: 'Full text',
            path: sitePath('/llms-full.txt'),
            note: `every page's Markdown (guides, reference, changelog) in reading order (${kilobytes(full.whole)})`,
          },
        ]
      : full.parts.map((part) => ({
          title: `Full text: ${part.title}`,
          path: fullTextPartPath(part.slug),
          note: `its pages' Markdown in reading order (${kilobytes(part.text)})`,
        }))),
    ...(await descriptionFiles(model)).map((file) => ({
      title: `OpenAPI description (${file.format}${file.gzip ? ', gzip' : ''})`,
      path: sitePath(`/${file.name}`),
    })),
    { title: 'API catalog (RFC 9727)', path: sitePath(apiCatalogPath) },
    ...(model.errorCodes.length > 0
      ? [{ title: 'Error catalog', path: urls.errors, note: 'every error code, what it means and what to do' }]
      : []),
    ...(changelog
      ? [
          { title: 'Changelog', path: sitePath(changelogPath), note: 'what changed in each release' },
          { title: 'Changelog feed (Atom)', path: sitePath(changelogFeedPath) },
        ]
      : []),
  ];
  const absolute = (path: string) => new URL(path, site ?? 'http://localhost:4321').href;
  return new Response(llmsText(model, { absolute, guides, optional }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
