/**
 * In `astro dev`: the reference introduction as Markdown, `/reference/` plus `.md`. A site of several APIs has no
 * `/reference/` page: each API's introduction twin is `/reference/<id>.md` (`reference-twin.ts`).
 */
import type { APIRoute } from 'astro';
import { getApiModel, getPortalApis } from '../../data/api-model.ts';
import { twinInputs } from '../../data/twin-inputs.ts';
import { introductionMarkdown } from '../../reference/twins/page-markdown.ts';

export const GET: APIRoute = async () => {
  if (getPortalApis()[0]?.id !== undefined) return new Response(null, { status: 404 });
  const model = await getApiModel();
  return new Response(introductionMarkdown(model, await twinInputs(model)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
