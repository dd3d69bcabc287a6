/**
 * The API description for download, as YAML and as JSON (`/openapi.yaml`, `/openapi.json`), or, for a format
 * whose file would be over 25 MiB, its gzip copy alone (`/openapi.yaml.gz`): see
 * `src/site/description-files.ts`. A description written in YAML is served exactly as written (its comments
 * and layout kept); one written in JSON is converted, so the YAML link never hands out JSON under a YAML name; one
 * in several files is served as one file, all its `$ref`s local; a Swagger 2.0 one as its OpenAPI 3.0 conversion.
 * The JSON is compact (the YAML is for reading); the live console loads it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getApiModel, getPortalApis } from '../data/api-model.ts';
import { descriptionBytes, descriptionFiles } from '../site/description-files.ts';

export const getStaticPaths = (async () => {
  // A site of several APIs publishes each API's beside its reference (reference/[...at]/[description].ts).
  if (getPortalApis()[0]?.id !== undefined) return [];
  const files = await descriptionFiles(await getApiModel());
  return files.map((file) => ({ params: { description: file.name } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const model = await getApiModel();
  const file = (await descriptionFiles(model)).find((f) => f.name === params.description);
  if (!file) return new Response(null, { status: 404 });
  return new Response(await descriptionBytes(model, file), { headers: { 'Content-Type': file.type } });
};
