/** `/llms-full.txt`: every reference page's Markdown in reading order, or, past the size, a list of its parts. */
import type { APIRoute } from 'astro';
import { getApiModel } from '../data/api-model.ts';
import { getFullText } from '../data/twin-inputs.ts';
import { fullTextIndex } from '../reference/llms-full.ts';

export const GET: APIRoute = async ({ site }) => {
  const model = await getApiModel();
  const { whole, parts } = await getFullText(model);
  const absolute = (path: string) => new URL(path, site ?? 'http://localhost:4321').href;
  return new Response(whole ?? fullTextIndex(model, parts, absolute), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
