/** The API description as JSON, for tools that prefer it and for the live console; compact (the YAML is for reading). */
import type { APIRoute } from 'astro';
import { getApiModel } from '../data/api-model.ts';

export const GET: APIRoute = async () => {
  const model = await getApiModel();
  return new Response(`${JSON.stringify(model.source)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
