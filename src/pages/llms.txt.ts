/** `/llms.txt`: the reference listed for AI agents (llmstxt.org), pointing at the Markdown pages. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../data/api-model.ts';
import { getChangelog } from '../data/changelog.ts';
import { operationById } from '../openapi/index.ts';
import { apiCatalogPath } from '../publishing/api-catalog.ts';
import { descriptionFiles } from '../publishing/description-files.ts';
import { changelogFeedPath, changelogPath } from '../reference/changelog-sections.ts';
import { operationTitle, referenceUrls, tagLabel } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';
import { markdownToText } from '../render/markdown.ts';

export const GET: APIRoute = async ({ site }) => {
  const [model, changelog] = await Promise.all([getApiModel(), getChangelog()]);
  const urls = referenceUrls(model);
  const absolute = (path: string) => new URL(path, site ?? 'http://localhost:4321').href;
  const summary = markdownToText(model.info.description ?? '').split('\n')[0] ?? '';
  const lines = [`# ${model.info.title}`, '', `> ${summary}`, ''];
  lines.push(
    ...(await descriptionFiles(model)).map(
      (file) =>
        `- [OpenAPI description (${file.format}${file.gzip ? ', gzip' : ''})](${absolute(sitePath(`/${file.name}`))})`,
    ),
    `- [API catalog (RFC 9727)](${absolute(sitePath(apiCatalogPath))})`,
  );
  if (changelog) {
    lines.push(
      `- [Changelog](${absolute(sitePath(changelogPath))}): what changed in each release`,
      `- [Changelog feed (Atom)](${absolute(sitePath(changelogFeedPath))})`,
    );
  }
  lines.push(`- [Introduction](${absolute(urls.introduction)})`);
  if (model.errorCodes.length > 0) lines.push(`- [Errors](${absolute(urls.errors)})`);
  lines.push('');
  for (const tag of model.tags) {
    lines.push(`## ${tagLabel(tag)}`, '');
    for (const id of tag.operations) {
      const operation = operationById(model, id);
      if (!operation) continue;
      const md = absolute(`${urls.operation(operation).replace(/\/$/, '')}.md`);
      lines.push(
        `- [${operationTitle(operation)}](${md}): \`${operation.method.toUpperCase()} ${operation.path}\`${operation.badge ? ` (${operation.badge.kind})` : ''}`,
      );
    }
    lines.push('');
  }
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
