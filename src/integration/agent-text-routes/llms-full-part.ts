/** In `astro dev`: one part of the full text, when it is split (`reference/site-lists/llms-full.ts`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteFullText } from '../../data/twin-inputs.ts';
import { fullTextPartFile } from '../../reference/site-lists/llms-full.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const { full } = await getSiteFullText();
  return full.parts.map((part) => ({ params: { part: part.slug } }));
};

export const GET: APIRoute = async ({ params }) => {
  const { files } = await getSiteFullText();
  return new Response(files.read(fullTextPartFile(params.part ?? '')), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
