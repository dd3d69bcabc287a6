/** `/.well-known/api-catalog` (RFC 9727): where machines find the API, its description, docs and changelog. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { getChangelog } from '../../data/changelog.ts';
import { httpServerUrl, sandboxServer } from '../../openapi/index.ts';
import { apiCatalog, apiCatalogContentType } from '../../publishing/api-catalog.ts';
import { changelogFeedPath, changelogPath } from '../../reference/changelog/changelog-sections.ts';
import { referenceUrls } from '../../reference/routes.ts';
import { sitePath } from '../../reference/site-path.ts';
import { descriptionFiles } from '../../site/description-files.ts';

export const GET: APIRoute = async ({ site }) => {
  const [model, changelog] = await Promise.all([getApiModel(), getChangelog()]);
  const absolute = (path: string) => new URL(path, site ?? 'http://localhost:4321').href;
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
  return new Response(body, { headers: { 'Content-Type': apiCatalogContentType } });
};
