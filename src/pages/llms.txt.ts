/** `/llms.txt`: the reference listed for AI agents (llmstxt.org), pointing at the Markdown pages. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../data/api-model.ts';
import { operationTitle, referenceUrls, tagLabel } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';
import { markdownToText } from '../render/markdown.ts';

export const GET: APIRoute = async ({ site }) => {
  const model = await getApiModel();
  const urls = referenceUrls(model);
  const absolute = (path: string) => new URL(path, site ?? 'http://localhost:4321').href;
  const summary = markdownToText(model.info.description ?? '').split('\n')[0] ?? '';
  const lines = [`# ${model.info.title}`, '', `> ${summary}`, ''];
  lines.push(
    `- [OpenAPI description (YAML)](${absolute(sitePath('/openapi.yaml'))})`,
    `- [OpenAPI description (JSON)](${absolute(sitePath('/openapi.json'))})`,
  );
  lines.push(`- [Introduction](${absolute(urls.introduction)})`, `- [Errors](${absolute(urls.errors)})`, '');
  for (const tag of model.tags) {
    lines.push(`## ${tagLabel(tag)}`, '');
    for (const id of tag.operations) {
      const operation = model.operations.find((o) => o.operationId === id);
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
