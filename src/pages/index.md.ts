/** `/index.md`: the home page as Markdown, from the page's own outline (`home/home-markdown.ts`). */
import type { APIRoute } from 'astro';
import { getHomeOutline } from '../data/home-outline.ts';
import { homeMarkdown } from '../home/home-markdown.ts';

export const GET: APIRoute = async () =>
  new Response(homeMarkdown(await getHomeOutline()), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
