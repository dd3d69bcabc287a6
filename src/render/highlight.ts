/**
 * Syntax highlighting for pages: Shiki (`highlight-engine.ts`), each distinct
 * piece of code once per build, in the render worker during builds (see
 * `render-backend.ts`).
 */
import { highlightHere } from './highlight-engine.ts';
import { RecentCaches } from './recent-cache.ts';
import { renderBackend } from './render-backend.ts';

export { highlightStyles } from './highlight-engine.ts';

/**
 * The same example appears on many pages (every error body, say): highlight it once while it keeps coming.
 * One memo per language.
 */
const memos = new RecentCaches<Promise<string>>(2_000);

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export function highlight(code: string, language: string): Promise<string> {
  return memos.get(language, code, () => {
    const backend = renderBackend();
    return backend ? backend.highlight(code, language) : highlightHere(code, language);
  });
}
