/** Each built page's scripts written to load after its first paint (src/publishing/after-paint.ts). */
import { defineMiddleware } from 'astro:middleware';
import { loadScriptsAfterPaint } from '../publishing/after-paint.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(loadScriptsAfterPaint(new Uint8Array(await response.arrayBuffer())), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
