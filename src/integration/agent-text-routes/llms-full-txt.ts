/** In `astro dev`: `/llms-full.txt`, the whole text or the index of its parts (`reference/site-lists/llms-full.ts`). */
import type { APIRoute } from 'astro';
import { getSiteFullText } from '../../data/twin-inputs.ts';
import { fullTextFile } from '../../reference/site-lists/llms-full.ts';

export const GET: APIRoute = async () => {
  const { files } = await getSiteFullText();
  return new Response(files.read(fullTextFile), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
