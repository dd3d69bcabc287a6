/** `/.well-known/api-catalog` (RFC 9727): where machines find the API, its description, docs and changelog. */
import type { APIRoute } from 'astro';
import { getApiModel, getApiModels, getPortalApis } from '../../data/api-model.ts';
import { getChangelog, getChangelogs } from '../../data/changelog.ts';
import { type ApiModel, httpServerUrl, sandboxServer } from '../../openapi/index.ts';
import { type ApiCatalogInput, apiCatalog, apiCatalogContentType, apisCatalog } from '../../publishing/api-catalog.ts';
import { apiChangelogPaths } from '../../publishing/changelog-paths.ts';
import { changelogFeedPath, changelogPath } from '../../reference/changelog/changelog-sections.ts';
import { descriptionDownloadPath, referenceUrls, twinOf } from '../../reference/routes.ts';
import { sitePath } from '../../reference/site-path.ts';
import { descriptionFiles } from '../../site/description-files.ts';

export const GET: APIRoute = async ({ site }) => {
  const absolute = (path: string) => new URL(path, site ?? 'http://localhost:4321').href;
  const headers = { 'Content-Type': apiCatalogContentType };
  if (getPortalApis()[0]?.id !== undefined) return new Response(await severalApis(absolute), { headers });
  const [model, changelog] = await Promise.all([getApiModel(), getChangelog()]);
  const docs = absolute(referenceUrls(model).introduction);
  const sandbox = sandboxServer(model);
  const api = model.servers
    .filter((server) => server !== sandbox)
    .map((server) => httpServerUrl(server))
    .find((url) => url !== undefined);
  const body = apiCatalog({
    title: model.info.title,
    anchor: api?.href ?? docs,
    descriptions: (await descriptionFiles(model)).map((file) => ({
      href: absolute(sitePath(`/${file.name}`)),
      type: file.type.split(';')[0] ?? file.type,
    })),
    docs,
    ...(changelog
      ? { changelog: { page: absolute(sitePath(changelogPath)), feed: absolute(sitePath(changelogFeedPath)) } }
      : {}),
  });
  return new Response(body, { headers });
};

/**
 * A site of several APIs: an entry per API, anchored at its reference's introduction, with its downloads beside
 * its reference, its introduction's Markdown twin and `llms.txt`, and its changelog when it has releases.
 */
async function severalApis(absolute: (path: string) => string): Promise<string> {
  const [models, changelogs] = await Promise.all([getApiModels(), getChangelogs()]);
  const entry = async (model: ApiModel, i: number): Promise<ApiCatalogInput> => {
    const docs = absolute(referenceUrls(model).introduction);
    const changes = apiChangelogPaths(model);
    return {
      title: model.info.title,
      anchor: docs,
      descriptions: (await descriptionFiles(model)).map((file) => ({
        href: absolute(descriptionDownloadPath(model, file.name)),
        type: file.type.split(';')[0] ?? file.type,
      })),
      docs,
      moreDocs: [
        {
          href: absolute(twinOf(referenceUrls(model).introduction)),
          type: 'text/markdown',
          title: `${model.info.title} reference (Markdown)`,
        },
        {
          href: absolute(sitePath('/llms.txt')),
          type: 'text/plain',
          title: 'Every API of the site, for agents (llms.txt)',
        },
      ],
      ...(changelogs[i] ? { changelog: { page: absolute(changes.page), feed: absolute(changes.feed) } } : {}),
    };
  };
  const entries: ApiCatalogInput[] = [];
  for (const [i, model] of models.entries()) entries.push(await entry(model, i));
  return apisCatalog(entries);
}
