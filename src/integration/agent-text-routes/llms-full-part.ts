/** In `astro dev`: one part of the full text, when it is split (`reference/site-lists/llms-full.ts`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { getFullText } from '../../data/twin-inputs.ts';
import { fullTextPartFile } from '../../reference/site-lists/llms-full.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const { full } = await getFullText(await getApiModel());
  return full.parts.map((part) => ({ params: { part: part.slug } }));
};

export const GET: APIRoute = async ({ params }) => {
  const { files } = await getFullText(await getApiModel());
  return new Response(files.read(fullTextPartFile(params.part ?? '')), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
