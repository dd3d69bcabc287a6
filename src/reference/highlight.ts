/**
 * Syntax highlighting for pages: Shiki (`highlight-engine.ts`), each distinct
 * piece of code once per build, in the render worker during builds (see
 * `render-backend.ts`).
 */
import { highlightHere } from './highlight-engine.ts';
import { RecentCache } from './recent-cache.ts';
import { renderBackend } from './render-backend.ts';

export { highlightStyles } from './highlight-engine.ts';

/** The same example appears on many pages (every error body, say): highlight it once while it keeps coming. */
const cache = new RecentCache<Promise<string>>(2_000);

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export function highlight(code: string, language: string): Promise<string> {
  return cache.get(`${language}\u0000${code}`, () => {
    const backend = renderBackend();
    return backend ? backend.highlight(code, language) : highlightHere(code, language);
  });
}
