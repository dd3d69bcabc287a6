/**
 * In a build only, and removed once read: the guides' and the changelog's twins (made by Astro's container, which
 * only pages can use) for the step that writes what agents read after the pages (`agent-texts-integration.ts`).
 */
import type { APIRoute } from 'astro';
import { getOtherTwins } from '../../data/twin-inputs.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await getOtherTwins()), { headers: { 'Content-Type': 'application/json' } });
