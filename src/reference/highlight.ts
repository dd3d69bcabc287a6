/**
 * Syntax highlighting for pages: Shiki (`highlight-engine.ts`), each distinct
 * piece of code once per build, in the render worker during builds (see
 * `render-backend.ts`).
 */
import { highlightHere } from './highlight-engine.ts';
import { renderBackend } from './render-backend.ts';

export { highlightStyles } from './highlight-engine.ts';

/** The same example appears on many pages (every error body, say); highlight each once per build. */
const cache = new Map<string, Promise<string>>();

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export function highlight(code: string, language: string): Promise<string> {
  const key = `${language}\u0000${code}`;
  let html = cache.get(key);
  if (!html) {
    const backend = renderBackend();
    html = backend ? backend.highlight(code, language) : highlightHere(code, language);
    cache.set(key, html);
  }
  return html;
}
