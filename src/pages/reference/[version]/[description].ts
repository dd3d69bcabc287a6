/**
 * An earlier major's description for download, beside its reference (`/reference/1.x/openapi.yaml`, `.json`): the
 * release its pages are built from, served as `src/pages/[description].ts` serves the current one.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getReferenceVersions } from '../../../data/reference-versions.ts';
import type { ApiModel } from '../../../openapi/index.ts';
import { type DescriptionFile, descriptionBytes, descriptionFiles } from '../../../site/description-files.ts';

export const getStaticPaths = (async () => {
  const earlier = (await getReferenceVersions()).filter(({ version }) => !version.current);
  const files = await Promise.all(
    earlier.map(async ({ version, model }) =>
      (await descriptionFiles(model)).map((file) => ({
        params: { version: version.label, description: file.name },
        props: { model, file },
      })),
    ),
  );
  return files.flat();
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ model: ApiModel; file: DescriptionFile }> = async ({ props }) =>
  new Response(await descriptionBytes(props.model, props.file), { headers: { 'Content-Type': props.file.type } });
