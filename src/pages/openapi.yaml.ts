/** The API description exactly as written, for download. */
import { readFile } from 'node:fs/promises';
import type { APIRoute } from 'astro';
import { resolveSpecPath } from '../openapi/index.ts';

export const GET: APIRoute = async () =>
  new Response(await readFile(resolveSpecPath(process.cwd()), 'utf8'), {
    headers: { 'Content-Type': 'application/yaml; charset=utf-8' },
  });
