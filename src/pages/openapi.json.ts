/** The API description as JSON, for tools that prefer it. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../data/api-model.ts';

export const GET: APIRoute = async () => {
  const model = await getApiModel();
  return new Response(`${JSON.stringify(model.document, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
