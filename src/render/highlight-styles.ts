/**
 * The colour classes of highlighted code as a stylesheet module,
 * `virtual:petstore/highlight.css`, added to Starlight's custom CSS by the
 * reference plugin. They depend only on the two Shiki themes, so they belong
 * in the site's one cached stylesheet; inlined, they were repeated on every
 * page that shows code.
 */
import type { Plugin } from 'vite';
import { highlightStyles } from './highlight.ts';

export const highlightStylesheetId = 'virtual:petstore/highlight.css';
/**
 * Resolved with Vite's `\0` prefix for virtual modules: in dev, Astro links a stylesheet's module by its URL, and
 * Vite serves a `\0` id at `/@id/__x00__…`. Unprefixed, the browser asked for `/virtual:petstore/highlight.css`,
 * which reached Astro's router: a 404 and a four-line warning on every page view.
 */
const resolvedId = `\0${highlightStylesheetId}`;

export function highlightStylesPlugin(): Plugin {
  return {
    name: 'petstore:highlight-styles',
    resolveId: (id) => (id === highlightStylesheetId ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? highlightStyles() : undefined),
  };
}
