/**
 * Syntax highlighting for pages: Shiki (`highlight-engine.ts`), each distinct
 * piece of code once per build, in the render worker during builds (see
 * `render-backend.ts`).
 */
import { highlightHere } from './highlight-engine.ts';
import { RecentCache } from './recent-cache.ts';
import { renderBackend } from './render-backend.ts';

export { highlightStyles } from './highlight-engine.ts';

/**
 * The same example appears on many pages (every error body, say): highlight it once while it keeps coming. One
 * memo per language, keyed by the code itself (no new long key string to hash on every lookup).
 */
const memos = new Map<string, RecentCache<Promise<string>>>();

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export function highlight(code: string, language: string): Promise<string> {
  let memo = memos.get(language);
  if (!memo) {
    memo = new RecentCache<Promise<string>>(2_000);
    memos.set(language, memo);
  }
  return memo.get(code, () => {
    const backend = renderBackend();
    return backend ? backend.highlight(code, language) : highlightHere(code, language);
  });
}
