/** In `astro dev`: the reference introduction as Markdown, `/reference/` plus `.md`. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { twinInputs } from '../../data/twin-inputs.ts';
import { introductionMarkdown } from '../../reference/twins/page-markdown.ts';

export const GET: APIRoute = async () => {
  const model = await getApiModel();
  return new Response(introductionMarkdown(model, await twinInputs(model)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
