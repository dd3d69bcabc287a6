/** The map saved links from Redoc, Swagger UI and Scalar are resolved with (reference/site-lists/deep-links.ts). */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { deepLinkMap } from '../../reference/site-lists/deep-links.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(deepLinkMap(await getApiModel())), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
