/**
 * Syntax highlighting for pages: Shiki (`highlight-engine.ts`), each distinct
 * piece of code once per build. Highlighting the code samples is the largest
 * single cost of building a big reference (about 7 s of 1,000 operations'
 * samples), so during a build the integration installs a backend that runs it
 * in a worker thread, on the second core, while this thread renders pages;
 * without one (dev server, tests) it runs here.
 */
import { highlightHere } from './highlight-engine.ts';

export { highlightStyles } from './highlight-engine.ts';

/** Highlights elsewhere; the same contract as `highlightHere`. */
export interface HighlightBackend {
  highlight(code: string, language: string): Promise<string>;
}

// On globalThis because the integration and the pages load this module separately (Node and Vite's bundle).
const backendKey = Symbol.for('petstore.highlight-backend');
type WithBackend = { [backendKey]?: HighlightBackend | undefined };

/** Sends highlighting to `backend` from now on (undefined: back to this thread). */
export function useHighlightBackend(backend: HighlightBackend | undefined): void {
  (globalThis as WithBackend)[backendKey] = backend;
}

/** The same example appears on many pages (every error body, say); highlight each once per build. */
const cache = new Map<string, Promise<string>>();

/** Highlighted HTML (a `<pre class="shiki">`); unknown languages fall back to plain text. */
export function highlight(code: string, language: string): Promise<string> {
  const key = `${language}\u0000${code}`;
  let html = cache.get(key);
  if (!html) {
    const backend = (globalThis as WithBackend)[backendKey];
    html = backend ? backend.highlight(code, language) : highlightHere(code, language);
    cache.set(key, html);
  }
  return html;
}
