/** The description the live console loads: the spec without operations whose console is off. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { consoleDocument } from '../../reference/console-target.ts';

export const GET: APIRoute = async () => {
  const model = await getApiModel();
  return new Response(JSON.stringify(consoleDocument(model)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
