/**
 * A description for download beside its reference, served as `src/pages/[description].ts` serves a one-API site's:
 * an earlier major's (`/reference/1.x/openapi.yaml`, `.json`), the release its pages are built from, and in a site
 * of several APIs each API's (`/reference/payments/openapi.yaml`) and its earlier majors'
 * (`/reference/payments/1.x/openapi.yaml`).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteApis } from '../../../data/reference-versions.ts';
import type { ApiModel } from '../../../openapi/index.ts';
import { referenceBase } from '../../../reference/routes.ts';
import { type DescriptionFile, descriptionBytes, descriptionFiles } from '../../../site/description-files.ts';

export const getStaticPaths = (async () => {
  const besideReference = (await getSiteApis())
    .flatMap(({ versions }) => versions)
    .filter(({ version }) => version.base !== referenceBase);
  const files = await Promise.all(
    besideReference.map(async ({ version, model }) =>
      (await descriptionFiles(model)).map((file) => ({
        params: { at: version.base.slice(referenceBase.length + 1), description: file.name },
        props: { model, file },
      })),
    ),
  );
  return files.flat();
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ model: ApiModel; file: DescriptionFile }> = async ({ props }) =>
  new Response(await descriptionBytes(props.model, props.file), { headers: { 'Content-Type': props.file.type } });
